// A MathJax 2 stand-in that finds no formulas: no deck needs MathJax, and the real one would come
// from a CDN. Voila's reveal bundle re-renders MathJax on every slide change and its mathjax2
// plugin loads the page config's fullMathjaxUrl (teacher/voila.json points it here), then
// configures and queues typesetting: each is a no-op here.
window.MathJax = window.MathJax || {
  Hub: {
    getAllJax: function () { return null; },
    Rerender: function () {},
    Config: function () {},
    Configured: function () {},
    Queue: function () {},
    Register: { StartupHook: function () {}, MessageHook: function () {} },
    processSectionDelay: 0,
  },
};
