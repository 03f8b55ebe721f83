// The one stylesheet (served at /static/style.css: the CSP allows no inline style). Light and
// dark follow the system; fixed line-number gutters, no web fonts, no images: nothing shifts.

export const STYLE = `
:root { color-scheme: light dark; --bg: #fff; --fg: #1b1f24; --dim: #59636e; --line: #d1d9e0; --mark: #fff3b0; --site: #ffe2e0; --guard: #e6f0ff; --kw: #cf222e; --str: #0a3069; --com: #59636e; --num: #0550ae;
  --accent: #0a58ca; --good: #1a7f37; --warn: #9a6700; --code: #f6f8fa; }
@media (prefers-color-scheme: dark) { :root { --bg: #0d1117; --fg: #e6edf3; --dim: #9198a1; --line: #30363d; --mark: #5a4a00; --site: #5c1d1d;
  --guard: #13305a; --kw: #ff7b72; --str: #a5d6ff; --com: #9198a1; --num: #79c0ff; --accent: #6cb6ff; --good: #3fb950; --warn: #d29922; --code: #161b22; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, sans-serif; }
.top { display: flex; gap: 1.5rem; align-items: baseline; padding: .6rem 1.5rem; border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; font-size: 1.2rem; color: var(--fg); text-decoration: none; }
nav a { margin-right: 1rem; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, textarea:focus-visible, input:focus-visible, pre:focus-visible, summary:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
h1 { font-size: 1.5rem; overflow-wrap: anywhere; } h2 { font-size: 1.2rem; margin-top: 2rem; overflow-wrap: anywhere; } h3 { font-size: 1rem; }
code, pre, textarea { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9rem; }
.paste label, .search label { font-weight: 600; }
.paste textarea { display: block; width: 100%; margin: .4rem 0; padding: .5rem; background: var(--code); color: var(--fg); border: 1px solid var(--line); border-radius: 6px; }
button { font: inherit; padding: .35rem 1rem; border-radius: 6px; border: 1px solid var(--line); background: var(--accent); color: #fff; cursor: pointer; }
input { font: inherit; padding: .25rem .4rem; background: var(--code); color: var(--fg); border: 1px solid var(--line); border-radius: 4px; }
.search { margin: 1rem 0; display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
.dim { color: var(--dim); } .warn { color: var(--warn); overflow-wrap: anywhere; } .note { overflow-wrap: anywhere; border-left: 3px solid var(--accent); padding-left: .6rem; }
.link { border: 1px solid var(--line); border-radius: 8px; padding: 0 1rem .5rem; margin: 1rem 0; }
.hits { padding-left: 1.2rem; } .hit { margin: .8rem 0; overflow-wrap: anywhere; }
.score { display: inline-block; min-width: 3rem; font-variant-numeric: tabular-nums; color: var(--dim); font-weight: 600; }
.score.good { color: var(--good); }
.kind { font-size: .8rem; padding: 0 .4rem; border: 1px solid var(--line); border-radius: 1rem; color: var(--dim); }
.tpl { white-space: pre-wrap; }
mark { background: var(--mark); color: var(--fg); padding: 0 .15rem; border-radius: 3px; }
.ph { color: var(--dim); }
pre { background: var(--code); border: 1px solid var(--line); border-radius: 6px; padding: .5rem 0; overflow-x: auto; }
pre.text, pre.json, pre.code-line { padding: .5rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.ln { display: block; min-height: 1.5em; padding-right: .5rem; white-space: pre; }
.ln .no { display: inline-block; width: 4.5rem; padding-right: 1rem; text-align: right; color: var(--dim); user-select: none; }
.tok-kw { color: var(--kw); } .tok-str { color: var(--str); } .tok-com { color: var(--com); font-style: italic; } .tok-num { color: var(--num); }
.ln.site { background: var(--site); } .ln.guard { background: var(--guard); } .ln.err { background: var(--mark); }
.key { padding: 0 .4rem; border-radius: 3px; } .key.site { background: var(--site); } .key.guard { background: var(--guard); }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; } .facts dt { font-weight: 600; } .facts dd { margin: 0; overflow-wrap: anywhere; }
.facts ul { margin: 0; padding-left: 1.1rem; }
.prov { font-size: .75rem; font-weight: 400; padding: 0 .4rem; border-radius: 1rem; border: 1px solid var(--line); color: var(--dim); }
.where { overflow-wrap: anywhere; }
`;

export const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0a58ca"/><path d="M4 4h8v2H6v1h5v2H6v1h6v2H4z" fill="#fff"/></svg>`;
