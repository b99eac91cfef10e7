"""The same 100k MiniLM vectors and payloads in qdrant-edge (Qdrant's engine built to embed: Rust,
HNSW, payload indexes): filtered query latency, for comparison with qdrant-client's local mode.

Two steps, two environments (qdrant-edge-py is not a Tally dependency):
  .venv/bin/python bench/edge_compare.py export FOLDER   # FOLDER = a built index, ~/.cache/tally/index/<key>
  python3 -m venv /tmp/edge && /tmp/edge/bin/pip install qdrant-edge-py numpy
  /tmp/edge/bin/python bench/edge_compare.py run"""
import json, shutil, statistics, sys, time

import numpy as np


def export(folder: str) -> None:
    """Vectors and a few payload fields of a built local-mode index to /tmp/vecs.npy, /tmp/pay.json."""
    from qdrant_client import QdrantClient

    client = QdrantClient(path=f"{folder}/qdrant")
    ids, vecs, pay, offset = [], [], [], None
    while True:
        points, offset = client.scroll("rows", limit=10000, offset=offset, with_vectors=True,
                                       with_payload=["state", "amt", "first", "last", "category", "city"])
        for p in points:
            ids.append(p.id); vecs.append(p.vector["dense"]); pay.append(p.payload)
        if offset is None:
            break
    np.save("/tmp/vecs.npy", np.array(vecs, dtype=np.float32))
    json.dump({"ids": ids, "payload": pay}, open("/tmp/pay.json", "w"))


if sys.argv[1:2] == ["export"]:
    export(sys.argv[2])
    sys.exit(0)

import qdrant_edge as q  # noqa: E402

vecs = np.load("/tmp/vecs.npy"); meta = json.load(open("/tmp/pay.json"))
path = "/tmp/edge-shard"; shutil.rmtree(path, ignore_errors=True)
shard = q.EdgeShard.create(path, q.EdgeConfig(vectors={"dense": q.EdgeVectorParams(size=384, distance=q.Distance.Cosine)}))
for field, kind in [("state", q.PayloadSchemaType.Keyword), ("first", q.PayloadSchemaType.Keyword), ("last", q.PayloadSchemaType.Keyword),
                    ("category", q.PayloadSchemaType.Keyword), ("city", q.PayloadSchemaType.Keyword), ("amt", q.PayloadSchemaType.Float)]:
    shard.update(q.UpdateOperation.create_field_index(field, kind))
t = time.time()
for s in range(0, len(vecs), 2000):
    pts = [q.Point(id=meta["ids"][i], vector={"dense": vecs[i].tolist()}, payload=meta["payload"][i]) for i in range(s, min(s + 2000, len(vecs)))]
    shard.update(q.UpdateOperation.upsert_points(pts))
shard.optimize() if hasattr(shard, "optimize") else None
print(f"upsert+optimize {time.time()-t:.1f}s")
rng = np.random.default_rng(0)
filters = [
    q.Filter(must=[q.FieldCondition(key="state", match=q.MatchAny(any=["TX"]))]),
    q.Filter(must=[q.FieldCondition(key="first", match=q.MatchAny(any=["Jennifer"])), q.FieldCondition(key="last", match=q.MatchAny(any=["Smith"]))]),
    q.Filter(must=[q.FieldCondition(key="category", match=q.MatchAny(any=["grocery_pos"])), q.FieldCondition(key="amt", range=q.RangeFloat(gt=200.0))]),
    None,
]
for f in filters:
    times = []
    for i in range(40):
        v = vecs[rng.integers(len(vecs))].tolist()
        t0 = time.perf_counter()
        r = shard.query(q.QueryRequest(limit=20, query=q.Query.Nearest(v, using="dense"), filter=f, with_payload=False))
        times.append((time.perf_counter() - t0) * 1000)
    print(("none" if f is None else str(f)[:60]), f"p50 {statistics.median(times):.2f} ms p95 {statistics.quantiles(times, n=20)[18]:.2f} ms hits {len(r)}")
