/// The style sheet and the one script of `flourish serve`'s pages, served from the binary
/// (the policy allows no inline code and nothing from elsewhere).
enum WebAssets {
    /// The reports' own style, then the bar, the forms and the panels; on a phone the page
    /// never scrolls sideways (wide tables and text scroll in their box), and print leaves the
    /// controls out.
    static let style = HTMLPage.style + """
    header.bar { border-bottom: 1px solid var(--line); padding: .4rem 1rem; display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; }
    header.bar ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .2rem .9rem; }
    header.bar a { color: var(--fg); text-decoration: none; } header.bar a[aria-current] { font-weight: 700; border-bottom: 2px solid var(--bar); }
    .live-status { margin: 0 0 0 auto; color: var(--muted); font-size: .85rem; }
    form.controls { max-width: 80rem; margin: .5rem auto 0; padding: 0 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; }
    form.controls label { display: flex; flex-direction: column; font-size: .85rem; color: var(--muted); }
    input, select, button { font: inherit; max-width: 100%; }
    input, select { padding: .3rem .4rem; border: 1px solid var(--line); border-radius: .3rem; background: var(--bg); color: var(--fg); }
    button { padding: .35rem .9rem; border-radius: .3rem; border: 1px solid var(--bar); background: var(--bar); color: var(--bg); cursor: pointer; }
    section.add-form { max-width: 40rem; margin: 0 auto; padding: 0 1rem 3rem; }
    form.add label { display: block; margin: .6rem 0; color: var(--muted); font-size: .9rem; }
    form.add input, form.add select, form.add textarea { display: block; width: 100%; margin-top: .2rem; }
    textarea { font: .9rem/1.4 ui-monospace, monospace; padding: .3rem .4rem; border: 1px solid var(--line); border-radius: .3rem; background: var(--bg); color: var(--fg); }
    ul.settle { list-style: none; padding: 0; } ul.settle form { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: center; margin: .4rem 0; }
    td form { margin: 0; }
    pre { overflow-x: auto; max-width: 100%; }
    .problems { border: 2px solid var(--over); border-radius: .5rem; padding: .5rem 1rem; }
    .problems h1 { color: var(--over); } .problems pre { font-size: .85rem; }
    .notice { border: 1px solid var(--ok); border-radius: .5rem; padding: 0 .8rem; margin: 1rem 0; }
    .notice.refused { border: 2px solid var(--over); }
    table.source td { padding: 0 .5rem; } table.source code { white-space: pre; } table.source th { color: var(--muted); font-weight: 400; }
    tr:target { background: var(--track); }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    @media print { header.bar, form.controls, section.add-form, form, .live-status { display: none !important; } }

    """

    /// Keeps a page live: when the server announces a new version of the ledger (an event on
    /// `/events`), the page's `<main id="live">` is replaced by the same address's fresh copy,
    /// at the same scroll position; the controls and the add form, outside it, keep what was typed.
    static let script = """
    "use strict";
    (function () {
      var status = document.getElementById("live-status");
      var shown = document.body.getAttribute("data-generation");
      var busy = false, again = false;
      function say(text) { if (status) { status.textContent = text; } }
      function update() {
        if (busy) { again = true; return; }
        busy = true;
        fetch(location.href, { credentials: "same-origin", cache: "no-store" })
          .then(function (answer) { return answer.text(); })
          .then(function (text) {
            var fresh = new DOMParser().parseFromString(text, "text/html");
            var now = document.getElementById("live"), next = fresh.getElementById("live");
            if (now && next) {
              var x = window.scrollX, y = window.scrollY;
              now.replaceWith(document.importNode(next, true));
              document.title = fresh.title;
              shown = fresh.body.getAttribute("data-generation");
              document.body.setAttribute("data-generation", shown);
              window.scrollTo(x, y);
              say("Updated at " + new Date().toLocaleTimeString());
            }
          })
          .catch(function () { say("Could not update; the figures may be old."); })
          .then(function () { busy = false; if (again) { again = false; update(); } });
      }
      if (window.EventSource) {
        var events = new EventSource("/events");
        events.addEventListener("change", function (event) { if (event.data !== shown) { update(); } });
        events.onopen = function () { say("Live"); };
        events.onerror = function () { say("Not connected to flourish serve; trying again…"); };
      }
    })();

    """
}
