// engine-worker.js imports Pyodide from the site's own copy (widget-runtime/pyodide/, staged from npm by
// tools/stage_engine.py): its types are the npm package's (package-lock.json).
declare module "*/pyodide/pyodide.mjs" {
  export { loadPyodide } from "pyodide";
}
