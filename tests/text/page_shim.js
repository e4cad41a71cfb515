// Runs the check-text page's script in Node with a small stand-in for the DOM (for machines
// without a browser): prints, as JSON, what the page shows for one paragraph under filters.
// usage: node page_shim.js PAGE.html PARAGRAPH
const fs = require('fs');
const [page, key] = process.argv.slice(2);
const html = fs.readFileSync(page, 'utf8');
function grab(id) {
  return new RegExp('<script type="application/json" id="' + id + '">([\\s\\S]*?)</script>').exec(html)[1];
}
const els = {};
function el(id) {
  if (!els[id]) els[id] = {id, innerHTML: '', textContent: '', checked: false, value: '', attrs: {}, on: {},
    setAttribute(k, v) { this.attrs[k] = v; }, getAttribute(k) { return this.attrs[k]; },
    addEventListener(e, f) { this.on[e] = f; }, querySelector() { return null; },
    querySelectorAll() { return []; }, classList: {add() {}, remove() {}}};
  return els[id];
}
el('data').textContent = grab('data');
el('words').textContent = grab('words');
global.document = {getElementById: el, body: el('body')};
global.window = {addEventListener() {}, CSS: null};
global.location = {hash: '#p=' + encodeURIComponent(key)};
const scripts = html.match(/<script>([\s\S]*?)<\/script>/g);
eval(scripts[scripts.length - 1].replace(/^<script>|<\/script>$/g, ''));
const out = {filters: el('filters').innerHTML, legend: el('legend').innerHTML, views: {}};
// the boxes as the filters' HTML sets them, then each filter in turn
for (const [name, sev] of Object.entries({errors: ['error'], all: ['error', 'warning', 'info']})) {
  for (const s of ['error', 'warning', 'info']) el('sev-' + s).checked = sev.includes(s);
  el('sev-silenced').checked = name === 'all';
  el('filters').on.change();
  out.views[name] = el('detail').innerHTML;
}
console.log(JSON.stringify(out));
