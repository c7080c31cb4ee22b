/**
 * Issue 32: the API reference page's stylesheet (`/api/docs/assets/reference.css`), a file so the CSP needs
 * no inline style. The site's colours, type and two-colour focus ring (renderer/styles/global.css: the page
 * stands outside the site's shell, whose stylesheet is a hashed build file). Everything wraps at 320 px: code
 * and JSON break anywhere rather than widen the page. In forced colours every box keeps a real border.
 */
export const REFERENCE_CSS = `:root {
  --ink: #1b2430; --muted: #4a5563; --brand: #16324f; --link: #1a56a8; --line: #d9dde3;
  --surface: #ffffff; --page: #f5f6f8; --code: #eef1f5; --focus: #f0b400; --focus-edge: #1b2430;
  --font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font-family: var(--font); font-size: 1.0625rem; line-height: 1.6; color: var(--ink); background: var(--page); }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1, h2, h3, h4 { color: var(--brand); line-height: 1.25; overflow-wrap: anywhere; }
h1 { font-family: Georgia, "Times New Roman", serif; font-size: clamp(1.75rem, 1.3rem + 2vw, 2.5rem); margin: 0 0 1rem; }
h2 { font-size: clamp(1.3rem, 1.1rem + 0.8vw, 1.6rem); margin: 2rem 0 1rem; }
h3 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
h4 { font-size: 1rem; margin: 1.25rem 0 0.5rem; }
p, li, dd, td, th, code { overflow-wrap: anywhere; }
a { color: var(--link); text-underline-offset: 0.15em; }
a:hover { color: #0e3b7a; }
:focus-visible { outline: 3px solid var(--focus-edge); outline-offset: 2px; box-shadow: 0 0 0 5px var(--focus); border-radius: 2px; }
code, .schema, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
.contents { padding-left: 1.25rem; }
.contents ul { padding-left: 1.25rem; }
.operation { background: var(--surface); border: 1px solid var(--line); border-radius: 10px; margin: 0 0 0.75rem; }
.operation > summary { cursor: pointer; padding: 0.75rem 1rem; display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.25rem 0.75rem; }
.operation > summary::before { content: "\\25B8"; color: var(--brand); }
.operation[open] > summary::before { content: "\\25BE"; }
.operation > summary::-webkit-details-marker { display: none; }
.operation > summary { list-style: none; }
.operation[open] > summary { border-bottom: 1px solid var(--line); }
.operation-body { padding: 0 1rem 1rem; }
.method { display: inline-block; min-width: 4.5rem; text-align: center; font-weight: 700; font-size: 0.85rem; padding: 0.1rem 0.5rem; border: 1px solid transparent; border-radius: 4px; color: #ffffff; background: var(--brand); }
.method--get { background: #1e6b3a; }
.method--post { background: var(--link); }
.method--delete { background: #a3221b; }
.path { font-weight: 600; }
.operation-summary { color: var(--muted); }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 1rem 0; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; }
table { width: 100%; border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.95rem; }
caption { text-align: left; font-weight: 600; color: var(--brand); padding-bottom: 0.25rem; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.5rem; border: 1px solid var(--line); }
thead th { background: var(--code); }
figure.json { margin: 0.5rem 0 1rem; }
figure.json figcaption { font-weight: 600; font-size: 0.95rem; }
pre { margin: 0.25rem 0 0; padding: 0.75rem; background: var(--code); border: 1px solid var(--line); border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.875rem; line-height: 1.45; }
@media (forced-colors: active) {
  .method { border-color: CanvasText; }
  :focus-visible { outline-color: Highlight; }
}
`
