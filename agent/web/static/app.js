// Tally's page. Every string from the server is set with textContent, never innerHTML, so a
// table cell holding <script> or a markdown image shows as the text it is.
// Wrapped in a function: the Vega bundle declares many top-level names of its own.
(() => {
"use strict";

const TOKEN = document.querySelector('meta[name="tally-token"]').content;
const $ = (id) => document.getElementById(id);
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

async function api(path, options = {}) {
  const response = await fetch(path, {...options, headers: {"X-Tally-Token": TOKEN, ...(options.headers || {})}});
  if (!response.ok) {
    let message = response.statusText;
    try { const body = await response.json(); message = body.message || JSON.stringify(body.detail || body); } catch (_) {}
    throw new Error(message);
  }
  return response;
}

function showError(error) { $("error").textContent = error ? String(error.message || error) : ""; }

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
    const link = el("a", {href: "#" + s.id, class: s.served ? "" : "dim"},
      `${s.file}: ${s.first || "(no question yet)"} (${s.questions})`);
    link.addEventListener("click", (event) => { event.preventDefault(); openSession(s.id); });
    return el("li", {}, link);
  }));
}

function tableInfo(table) {
  $("table-info").textContent = table.rows != null
    ? `${table.name}: ${table.rows.toLocaleString("en-US")} rows, ${table.columns.length} columns` : table.name;
}

async function newSession() {
  showError(null);
  const table = $("table").value;
  if (!table) throw new Error("Add a table first: upload a file.");
  const body = await (await api("/api/sessions", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({table})})).json();
  setSession(body);
  await loadSessions();
}

function setSession(body) {
  session = body.id;
  history.replaceState(null, "", "#" + body.id);
  $("log").replaceChildren(el("p", {class: "dim session"}, `Session ${body.id} over ${body.table.name}`));
  tableInfo(body.table);
  $("table").value = body.table.id;
  for (const view of body.turns) renderTurn(view.question).answer(view);
}

async function openSession(id) {
  showError(null);
  try { setSession(await (await api("/api/sessions/" + encodeURIComponent(id))).json()); }
  catch (error) { showError(error); }
}

function renderTurn(question) {
  const steps = el("ol", {class: "steps"});
  const stepsBox = el("details", {class: "steps-box", open: ""}, el("summary", {}, "Steps"), steps);
  const turn = el("article", {class: "turn"}, el("p", {class: "question"}, question), stepsBox);
  $("log").append(turn);
  turn.scrollIntoView({block: "end"});
  return {
    step(text) { steps.append(el("li", {}, text)); },
    answer(view) {
      stepsBox.removeAttribute("open");
      if (!steps.children.length) stepsBox.remove();
      turn.append(renderAnswer(view));
      turn.scrollIntoView({block: "end"});
    },
  };
}

function renderAnswer(view) {
  const box = el("div", {class: `answer ${view.status}`});
  box.append(el("p", {class: "answer-text"}, view.answer));
  const badges = el("p", {class: "badges"}, el("span", {class: "who"}, "answered by: " + view.who));
  if (view.unverified) badges.append(el("span", {class: "unverified"}, "Unverified"));
  box.append(badges);
  if (view.chart) {
    const chart = el("div", {class: "chart"});
    box.append(chart);
    if (window.vegaEmbed) {
      window.vegaEmbed(chart, view.chart, {renderer: "svg",
        actions: {export: true, source: false, compiled: false, editor: false}}).catch((e) => chart.append(String(e)));
    } else chart.append("(the chart library did not load)");
  }
  for (const table of view.tables) box.append(renderTable(table));
  const lines = [];
  for (const call of view.calls) {
    if (call.ok) lines.push(...call.provenance); else lines.push(`${call.tool} failed: ${call.error}`);
  }
  if (view.read_as.length) lines.push("read as: " + view.read_as.join("; "));
  if (lines.length) {
    box.append(el("details", {class: "provenance"}, el("summary", {}, "Provenance"),
      el("ul", {}, ...lines.map((line) => el("li", {}, line)))));
  }
  return box;
}

function renderTable(table) {
  const head = el("tr", {}, ...table.columns.map((c) => el("th", {}, c)));
  const numeric = (text) => /^-?[\d,.]+%?( \/ -?[\d,.]+)?$/.test(text);
  const rows = table.rows.map((row) => el("tr", {}, ...row.map((c) => el("td", numeric(c) ? {class: "num"} : {}, c))));
  return el("div", {class: "table-wrap"},
    el("table", {class: table.title}, el("thead", {}, head), el("tbody", {}, ...rows)),
    table.caption ? el("p", {class: "dim"}, table.caption) : null);
}

async function ask(question) {
  if (!session) await newSession();
  const turn = renderTurn(question);
  const response = await api(`/api/sessions/${encodeURIComponent(session)}/ask`, {method: "POST",
    headers: {"Content-Type": "application/json"}, body: JSON.stringify({question})});
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const {value, done} = await reader.read();
    if (done) break;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const event = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      if (event.type === "step") turn.step(event.text); else turn.answer(event.view);
    }
  }
  loadSessions();
}

async function upload(file) {
  showError(null);
  const form = new FormData();
  form.append("file", file);
  $("table-info").textContent = `Uploading ${file.name} ...`;
  const table = await (await api("/api/tables", {method: "POST", body: form})).json();
  await loadTables(table.id);
  tableInfo(table);
  await newSession();
}

function guard(fn) { return (...args) => fn(...args).catch(showError); }

$("ask").addEventListener("submit", guard(async (event) => {
  event.preventDefault();
  const question = $("question").value.trim();
  if (!question) return;
  $("question").value = "";
  const button = document.querySelector("#ask button");
  button.disabled = true;
  try { await ask(question); } finally { button.disabled = false; $("question").focus(); }
}));
$("upload").addEventListener("change", guard(async (event) => {
  const file = event.target.files[0];
  if (file) await upload(file);
  event.target.value = "";
}));
$("new-session").addEventListener("click", guard(newSession));
$("table").addEventListener("change", guard(newSession));

guard(async () => {
  await loadTables();
  await loadSessions();
  const id = location.hash.slice(1);
  if (id) await openSession(id);
})();
})();
