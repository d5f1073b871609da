// The board's ES module in a notebook with several boards: each board's model carries only this
// loader; the module and the stylesheet are stored once, in one shared model that every board names
// (`_assets`, an anywidget widget reference). The loader fetches them through anywidget's host API
// (`host.getModel`), imports the module as anywidget imports any `_esm` (a blob URL) and puts the
// stylesheet inside the board's own element (its rules are all scoped under .lw-board).

async function load(host, ref) {
  const assets = await host.getModel(ref);
  const url = URL.createObjectURL(new Blob([assets.get("esm")], { type: "text/javascript" }));
  try {
    return { widget: (await import(url)).default, css: assets.get("css") };
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function render({ model, el, host, ...rest }) {
  const { widget, css } = await load(host, model.get("_assets"));
  const style = document.createElement("style");
  style.textContent = css;
  el.append(style);
  return widget.render({ model, el, host, ...rest });
}

export default { render };
