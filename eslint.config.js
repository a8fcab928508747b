// eslint's flat config: the recommended rules over the book's own JavaScript (the widgets' front ends,
// the static book's scripts, the Lab extension, class mode's phone page), with the globals of where each runs.
// Run by tests/widgets/test_js_quality.py: node_modules/.bin/eslint (make deps installs it).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["widgets/static/dist/**", "node_modules/**", "_build/**"] },
  js.configs.recommended,
  {
    files: ["widgets/static/**/*.js", "tools/site/**/*.js", "tools/lab/**/*.js", "classroom/static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: {
      // a catch's name says why its error is ignored (`catch (privateMode)`); that is not an unused variable
      "no-unused-vars": ["error", { caughtErrors: "none" }],
    },
  },
  // the card faces, written in front of a bundle by widgets/front_ends.py (cardlib.render's drawing)
  { files: ["widgets/static/cards.js"], languageOptions: { globals: { CARD_FACES: "readonly" } } },
  // the teacher decks' page scripts (Voila's template inlines them): classic scripts
  { files: ["teacher/templates/teacher/static/*.js"], languageOptions: { ecmaVersion: 2022, sourceType: "script",
    globals: { ...globals.browser } }, rules: { "no-unused-vars": ["error", { caughtErrors: "none" }] } },
  // a classic script (no modules), so it also runs from file://
  { files: ["tools/site/widget-loader.js"], languageOptions: { sourceType: "script" } },
  { files: ["tools/site/engine-worker.js"], languageOptions: { globals: { ...globals.worker } } },
  { files: ["tools/site/cardbook-sw.js"], languageOptions: { globals: { ...globals.serviceworker } } },
  { files: ["tools/*.mjs", "eslint.config.js"], languageOptions: { globals: { ...globals.node } } },
];
