"""Record search: rows as labelled texts, embedded offline, stored in Qdrant with typed payloads,
pre-filtered by typed predicates, fused with an exact-term (BM25) signal, then reranked."""
