// The webview side of VS Code's notebook widgets, for the harness (bundled by esbuild with
// @jupyterlab/services; see bridge.py). It does what VS Code's Jupyter extension does in its
// `ipywidgetsKernel` preload (vscode-jupyter, src/webviews/webview-side/ipywidgets/kernel/):
//
// * kernel.ts: a KernelConnection of @jupyterlab/services whose socket leads to the extension
//   host, which relays the kernel's messages (here a WebSocket to bridge.py, the extension host);
//   the webview uses the extension host's session id as its client id.
// * index.ts: once the kernel runs ipywidgets 8, `window.vscIPyWidgets8.load()` (the bundle of
//   @vscode/jupyter-ipywidgets8, preloaded by VS Code's Jupyter Renderers extension) defines
//   @jupyter-widgets/base, controls and output in require.js and sets `window.vscIPyWidgets`.
// * manager.ts: `new vscIPyWidgets.WidgetManager(kernel, el, scriptLoader, logger, widgetState)`,
//   and renderWidget(): get_model → create_view → display_view into the output's element.
// * scriptManager.ts, requirejsRegistry.ts: the script loader asks the extension host where a
//   third-party module is (CDN or the kernel environment's nbextensions) and registers the answer
//   as a require.js path (without ".js"); the bundle then loads the module with require.js.
//
// Everything the page sees is recorded in `window.vscHarness` for the tests.
import { KernelConnection } from "@jupyterlab/services/lib/kernel/default";
import { ServerConnection } from "@jupyterlab/services/lib/serverconnection";

const WIDGET_MIMETYPE = "application/vnd.jupyter.widget-view+json";

export function start(config) {
  const harness = (window.vscHarness = {
    connection: "none",
    sources: [], // the script sources the extension host answered
    loaded: [], // "module:Class" the widget manager loaded
    failed: [], // {module, className, version, error} it could not load
    rendered: 0,
    renderErrors: [],
  });
  const log = (message) => console.debug(`[vscode widget manager] ${message}`);

  window.vscIPyWidgets8.load();
  const { WidgetManager } = window.vscIPyWidgets;
  document.body.dataset.baseUrl = config.baseUrl;
  // requirejsRegistry.ts registerCustomScripts(): old widgets ask for jupyter-js-widgets
  window.requirejs.config({ map: { "*": { "jupyter-js-widgets": "@jupyter-widgets/base" } } });

  const registered = new Set();
  const scriptLoader = {
    widgetsRegisteredInRequireJs: registered,
    async loadWidgetScript(moduleName, moduleVersion) {
      const query = new URLSearchParams({ module: moduleName, version: moduleVersion });
      const source = await (await fetch(`${config.scriptSourceUrl}?${query}`)).json();
      harness.sources.push(source);
      if (source.scriptUri) {
        const path = source.scriptUri.replace(/\.js$/i, "");
        window.requirejs.config({ paths: { [moduleName]: path } });
        registered.add(moduleName);
      }
    },
    successHandler(className, moduleName) {
      harness.loaded.push(`${moduleName}:${className}`);
    },
    errorHandler(className, moduleName, moduleVersion, error) {
      harness.failed.push({ module: moduleName, className, version: moduleVersion, error: String(error) });
    },
  };

  const serverSettings = ServerConnection.makeSettings({
    baseUrl: config.httpUrl,
    wsUrl: config.wsUrl,
    WebSocket: window.WebSocket,
    appendToken: false,
  });
  const kernel = new KernelConnection({
    serverSettings,
    model: { id: config.kernelId, name: config.kernelName },
    clientId: config.clientId,
    username: config.username,
    handleComms: true,
  });
  kernel.connectionStatusChanged.connect((_, status) => {
    harness.connection = status;
  });
  harness.connection = kernel.connectionStatus;

  const outputs = document.getElementById("outputs");
  const manager = new WidgetManager(kernel, outputs, scriptLoader, log, undefined);

  // the renderer of a cell's output: VS Code hands it the output item's widget-view JSON
  kernel.iopubMessage.connect((_, msg) => {
    const type = msg.header.msg_type;
    const data = msg.content && msg.content.data && msg.content.data[WIDGET_MIMETYPE];
    if (data && (type === "display_data" || type === "execute_result")) {
      renderWidget(manager, data, outputs).then(
        () => (harness.rendered += 1),
        (e) => harness.renderErrors.push(String(e && e.stack ? e.stack : e)),
      );
    }
  });
}

async function renderWidget(manager, data, outputs) {
  const output = document.createElement("div");
  output.className = "cell-output-ipywidget-background";
  outputs.appendChild(output);
  const model = await manager.get_model(data.model_id);
  if (!model) throw new Error(`no widget model ${data.model_id} in the widget manager`);
  const view = await manager.create_view(model, { el: output });
  return manager.display_view(data, view, { node: output });
}
