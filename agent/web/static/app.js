// Tally's page. Every string from the server is set with textContent, never innerHTML, so a
// table cell holding <script> or a markdown image shows as the text it is.
// Wrapped in a function: the Vega bundle declares many top-level names of its own.
(() => {
"use strict";

const TOKEN = document.querySelector('meta[name="tally-token"]').content;
const $ = (id) => document.getElementById(id);
const LONG = 40;  // cells longer than this are cut with an ellipsis; a click shows them in full
let session = null;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child != null) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A request to the server; a failure is an Error with a message a person can read.
async function api(path, options = {}) {
  let response;
  try {
    response = await fetch(path, {...options, headers: {"X-Tally-Token": TOKEN, ...(options.headers || {})}});
  } catch (_) {
    throw new Error("The Tally server did not answer: is `tally serve` still running? Your question is kept; press Ask to try again.");
  }
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      const body = await response.json();
      message = body.message || (typeof body.detail === "string" ? body.detail : message);
    } catch (_) {}
    throw new Error(message);
  }
  return response;
}

function showError(error) { $("error").textContent = error ? String(error.message || error) : ""; }

function when(seconds) {
  if (seconds == null) return "";
  return new Date(seconds * 1000).toLocaleString(undefined, {month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"});
}

async function loadTables(selectId) {
  const tables = await (await api("/api/tables")).json();
  const select = $("table");
  select.replaceChildren(...tables.map((t) => el("option", {value: t.id},
    `${t.name}${t.source === "upload" ? " (uploaded)" : ""}`)));
  if (selectId) select.value = selectId;
}

async function loadSessions() {
  const list = await (await api("/api/sessions")).json();
  $("sessions").replaceChildren(...list.slice(0, 30).map((s) => {
    const link = el("a", {href: "#" + s.id, class: s.served ? "" : "dim", title: s.first}, s.first || "(no question yet)");
    link.addEventListener("click", (event) => { event.preventDefault(); openSession(s.id); });
    const count = `${s.questions} question${s.questions === 1 ? "" : "s"}`;
    return el("li", {}, link, el("span", {class: "when"}, [when(s.started), s.file, count].filter(Boolean).join(" · ")));
  }));
}

function tableInfo(table) {
  $("table-info").className = "dim";
  $("table-info").textContent = table.rows != null
    ? `${table.name}: ${table.rows.toLocaleString("en-US")} rows, ${table.columns.length} columns` : table.name;
}

async function newSession() {
  const table = $("table").value;
  if (!table) throw new Error("Add a table first: upload a file.");
  const body = await (await api("/api/sessions", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({table})})).json();
  setSession(body);
  showError(null);
  await loadSessions();
}

function sessionTitle(body) {
  const first = body.turns.length ? body.turns[0].question : "new session";
  $("session-title").textContent = `${first} · ${when(body.started)} · ${body.table.name}`;
  $("session-title").title = first;
}

function setSession(body) {
  session = body.id;
  history.replaceState(null, "", "#" + body.id);
  $("log").replaceChildren();
  tableInfo(body.table);
  $("table").value = body.table.id;
  for (const view of body.turns) renderTurn(view.question).answer(view);
  sessionTitle(body);
}

async function openSession(id) {
  try { setSession(await (await api("/api/sessions/" + encodeURIComponent(id))).json()); showError(null); }
  catch (error) { showError(error); }
}

// Bring a turn into view above the Ask bar: its end, or its start when it is taller than the screen.
function reveal(turn) {
  const room = window.innerHeight - $("ask").getBoundingClientRect().height;
  turn.scrollIntoView({block: turn.getBoundingClientRect().height > room ? "start" : "end"});
}

function renderTurn(question) {
  const steps = el("ol", {class: "steps"});
  const stepsBox = el("details", {class: "steps-box", open: ""}, el("summary", {}, "Steps"), steps);
  const turn = el("article", {class: "turn"}, el("p", {class: "question"}, question), stepsBox);
  $("log").append(turn);
  reveal(turn);
  const fold = () => { stepsBox.removeAttribute("open"); if (!steps.children.length) stepsBox.remove(); };
  return {
    step(text) { steps.append(el("li", {}, text)); reveal(turn); },
    answer(view) {
      fold();
      turn.append(renderAnswer(view, () => { if (turn === $("log").lastElementChild) reveal(turn); }));
      reveal(turn);
    },
    fail(error) {  // beside its turn; the next answer removes the turn (its question is still in the Ask bar)
      fold();
      turn.classList.add("unanswered");
      turn.append(el("p", {class: "turn-error", role: "alert"}, String(error.message || error)));
      reveal(turn);
    },
  };
}

function renderAnswer(view, drawn) {
  const box = el("div", {class: `answer ${view.status}`});
  box.append(el("p", {class: "answer-text"}, view.answer));
  if (view.reading) box.append(el("p", {class: "reading"}, view.reading));
  const badges = el("p", {class: "badges"}, el("span", {class: "who"}, "answered by: " + view.who));
  if (view.unverified) badges.append(el("span", {class: "unverified"}, "Unverified"));
  box.append(badges);
  if (view.chart) box.append(renderChart(view.chart, drawn));
  for (const table of view.tables) box.append(renderTable(table));
  const lines = [];
  for (const call of view.calls) {
    if (call.ok) lines.push(...call.provenance); else lines.push(`${call.tool} failed: ${call.error}`);
  }
  if (view.notes.length) lines.push("words read: " + view.notes.join("; "));
  if (lines.length) {
    box.append(el("details", {class: "provenance"}, el("summary", {}, "Provenance"),
      el("ul", {}, ...lines.map((line) => el("li", {}, line)))));
  }
  return box;
}

// The chart scrolls inside its own box (vega-embed makes its node inline-block, which nothing would
// clip); on a narrow screen it is drawn narrower, its title cut with an ellipsis.
function renderChart(spec, drawn) {
  const inner = el("div", {});
  const chart = el("div", {class: "chart"}, inner);
  const room = $("log").clientWidth - 40;
  if (room < spec.width + 240) {
    const title = typeof spec.title === "object" ? spec.title : {text: spec.title};
    spec = {...spec, width: Math.max(120, room - 230), title: {...title, limit: room - 30}};
  }
  if (window.vegaEmbed) {
    window.vegaEmbed(inner, spec, {renderer: "svg",
      actions: {export: true, source: false, compiled: false, editor: false}})
      .then(() => drawn && drawn()).catch((e) => inner.append(String(e)));
  } else inner.append("(the chart library did not load)");
  return chart;
}

function renderCell(text, numeric) {
  if (numeric) return el("td", {class: "num"}, text);
  if (text.length <= LONG) return el("td", {}, text);
  const cell = el("td", {class: "long", title: "click to show it all", tabindex: "0", "aria-expanded": "false"}, text);
  const toggle = () => {
    const open = cell.classList.toggle("open");
    cell.setAttribute("aria-expanded", String(open));
  };
  cell.addEventListener("click", toggle);
  cell.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); } });
  return cell;
}

function renderTable(table) {
  const head = el("tr", {}, ...table.columns.map((c) => el("th", {title: c}, c)));
  const numeric = (text) => /^-?[\d,.]+%?( \/ -?[\d,.]+)?$/.test(text);
  const rows = table.rows.map((row) => el("tr", {}, ...row.map((c) => renderCell(c, numeric(c)))));
  return el("div", {class: "table-wrap"},
    el("table", {class: table.title}, el("thead", {}, head), el("tbody", {}, ...rows)),
    table.caption ? el("p", {class: "dim"}, table.caption) : null);
}

// Ask `question` in the current session; throws (after showing the error on its turn) on failure.
async function ask(question) {
  if (!session) await newSession();
  const turn = renderTurn(question);
  let answered = false;
  try {
    const response = await api(`/api/sessions/${encodeURIComponent(session)}/ask`, {method: "POST",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify({question})});
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      let chunk;
      try { chunk = await reader.read(); }
      catch (_) { throw new Error("The connection to the Tally server broke before the answer came."); }
      if (chunk.done) break;
      buffer += chunk.value;
      let end;
      while ((end = buffer.indexOf("\n")) >= 0) {
        const event = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (event.type === "step") turn.step(event.text); else { turn.answer(event.view); answered = true; }
      }
    }
    if (!answered) throw new Error("The server stopped before the answer came.");
  } catch (error) {
    turn.fail(error);
    error.shown = true;  // beside its turn: not repeated in the Ask bar
    throw error;
  }
  for (const old of document.querySelectorAll(".turn.unanswered")) old.remove();
  showError(null);
  if ($("log").children.length === 1) $("session-title").textContent = `${question} · ${when(Date.now() / 1000)}`;
  loadSessions().catch(() => {});
}

async function upload(file) {
  const info = $("table-info");
  info.className = "dim";
  info.textContent = `Uploading ${file.name} ...`;
  try {
    const table = await (await api("/api/tables", {method: "POST", body: form(file)})).json();
    await loadTables(table.id);
    tableInfo(table);
  } catch (error) {
    info.className = "error";
    info.textContent = `${file.name} was not added: ${error.message || error}`;
    return;
  }
  await newSession();
}

function form(file) { const data = new FormData(); data.append("file", file); return data; }

function guard(fn) { return (...args) => fn(...args).catch(showError); }

$("ask").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = $("question");
  const question = input.value.trim();
  if (!question) return;
  const button = document.querySelector("#ask button");
  button.disabled = true;
  try {
    await ask(question);
    if (input.value.trim() === question) input.value = "";  // kept when the request failed
  } catch (error) {
    showError(error.shown ? null : error);
  } finally { button.disabled = false; input.focus(); }
});
$("upload").addEventListener("change", guard(async (event) => {
  const file = event.target.files[0];
  if (file) await upload(file);
  event.target.value = "";
}));
$("new-session").addEventListener("click", guard(newSession));
$("table").addEventListener("change", guard(newSession));

// The session named in the address is read before any await: by the time the lists have loaded, a
// question asked meanwhile has its own session in the address, and reopening it would wipe that turn.
guard(async () => {
  const id = location.hash.slice(1);
  await loadTables();
  await loadSessions();
  if (id && !session) await openSession(id);
})();
})();
