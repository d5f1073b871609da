// The teacher's dashboard: ask the service for the parts that change and swap those that did.
// No framework: fetch + innerHTML of server-rendered fragments (logger_widget/service/dashboard.py).
"use strict";
(function () {
  const body = document.body;
  const prefix = body.dataset.prefix;
  const lang = body.dataset.lang;
  const poll = 1000 * Number(body.dataset.poll || 2);
  // the hub's XSRF token: JupyterHub accepts a login cookie on script requests only with it
  const xsrf = { "X-XSRFToken": body.dataset.xsrf || "" };
  const texts = JSON.parse(document.getElementById("texts").textContent);
  const versions = {};
  const status = document.querySelector('[data-part="updated"]');

  async function refresh() {
    try {
      const reply = await fetch(`${prefix}dashboard/live?lang=${encodeURIComponent(lang)}`, {
        credentials: "same-origin", headers: { Accept: "application/json", ...xsrf }, cache: "no-store",
      });
      if (!reply.ok) throw new Error(String(reply.status));
      const data = await reply.json();
      for (const [part, html] of Object.entries(data.parts)) {
        if (versions[part] === data.versions[part]) continue;
        const el = document.querySelector(`[data-part="${part}"]`);
        const open = el ? [...el.querySelectorAll("details[open]")].map((d) => d.closest("[data-game]")?.dataset.game) : [];
        if (el) el.innerHTML = html;
        for (const id of open) el.querySelector(`[data-game="${id}"] details`)?.setAttribute("open", "");
        versions[part] = data.versions[part];
      }
      status.textContent = data.updated;
      body.dataset.settled = "true";
    } catch (err) {
      status.textContent = texts.offline;
    } finally {
      setTimeout(refresh, poll);
    }
  }

  async function post(path, payload) {
    const reply = await fetch(`${prefix}${path}`, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...xsrf },
      body: payload === undefined ? "" : JSON.stringify(payload),
    });
    const data = await reply.json().catch(() => ({}));
    if (!reply.ok) status.textContent = data.error ? data.error.message : String(reply.status);
    versions.arena = null;
  }

  document.addEventListener("submit", (event) => {
    const form = event.target.closest('form[data-action="open"]');
    if (!form) return;
    event.preventDefault();
    post("api/arena", { minutes: Number(form.minutes.value) });
  });
  document.addEventListener("click", (event) => {
    const close = event.target.closest('button[data-action="close"]');
    if (close) post(`api/arena/${close.dataset.arena}/close`);
    const copy = event.target.closest('button[data-action="copy"]');
    if (copy) {
      const code = copy.closest("details").querySelector("code").textContent;
      navigator.clipboard.writeText(code).then(() => {
        copy.textContent = texts.copied;
        setTimeout(() => { copy.textContent = texts.copy; }, 2000);
      });
    }
  });
  refresh();
})();
