// Viewfinder's page script: the full-screen viewer (gallery file and served page), and on the
// served page the live search (Server-Sent Events), the provider chips and the recent searches.
// Text from providers only ever goes through textContent and checked attributes: never HTML.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const grid = $("grid");
  const viewer = $("viewer");
  const served = document.body.dataset.mode === "served";
  let current = -1;

  // A link target only when it is http(s) (or, in the gallery file, a file:// local photo).
  function safeLink(text) {
    if (!text) return null;
    try {
      const url = new URL(text, document.baseURI);
      if (url.protocol === "http:" || url.protocol === "https:") return url.href;
      if (!served && url.protocol === "file:") return url.href;
    } catch (e) { /* not a URL */ }
    return null;
  }
  // An image source: http(s), the server's own /local/ ids, or data: images the file embeds.
  function safeImage(text) {
    if (!text) return null;
    if (served && /^\/local\/[A-Za-z0-9_-]+$/.test(text)) return text;
    if (!served && /^data:image\/jpeg;base64,[A-Za-z0-9+/=]+$/.test(text)) return text;
    return safeLink(text);
  }

  function cells() { return grid.querySelectorAll(".cell"); }

  function setText(id, text) {
    const element = $(id);
    element.textContent = text || "";
    const row = element.previousElementSibling;
    if (element.tagName === "DD") {
      element.hidden = !text;
      if (row) row.hidden = !text;
    }
  }

  function show(index) {
    const all = cells();
    if (all.length === 0) return;
    current = (index + all.length) % all.length;
    const data = all[current].dataset;
    const image = $("viewer-image");
    const thumb = all[current].querySelector("img");
    const source = safeImage(data.full) || (thumb && safeImage(thumb.getAttribute("src")));
    if (source) image.src = source; else image.removeAttribute("src");
    // No image (or one that fails to load): a plain placeholder, not the browser's broken icon.
    image.hidden = !source;
    $("viewer-no-image").hidden = !!source;
    image.alt = data.title || "";
    setText("viewer-title", data.title);
    setText("viewer-author", data.author ? "by " + data.author : "");
    setText("viewer-date", data.date);
    setText("viewer-size", data.size);
    setText("viewer-camera", data.camera);
    setText("viewer-place", data.placeDetail);
    setText("viewer-provider", data.provider);
    setText("viewer-tags", data.tags);
    const license = $("viewer-license");
    license.textContent = "";
    const licenseLink = safeLink(data.licenseUrl);
    if (licenseLink && data.license) {
      const a = document.createElement("a");
      a.href = licenseLink;
      a.rel = "noopener noreferrer";
      a.target = "_blank";
      a.textContent = data.license;
      license.appendChild(a);
    } else {
      license.textContent = data.license || "";
    }
    license.hidden = !data.license;
    license.previousElementSibling.hidden = !data.license;
    $("viewer-attribution").textContent = data.attribution || "";
    $("viewer-copy").hidden = !data.attribution;
    const page = $("viewer-page");
    page.textContent = "";
    const pageLink = safeLink(data.page);
    if (pageLink) {
      const a = document.createElement("a");
      a.href = pageLink;
      a.rel = "noopener noreferrer";
      a.target = "_blank";
      a.textContent = "Open the photo's page";
      page.appendChild(a);
    } else if (data.page) {
      page.textContent = data.page; // shown as text, never linked
    }
    viewer.hidden = false;
  }

  function close() {
    viewer.hidden = true;
    current = -1;
  }

  grid.addEventListener("click", (event) => {
    const cell = event.target.closest(".cell");
    if (cell) show(Array.prototype.indexOf.call(cells(), cell));
  });
  grid.addEventListener("keydown", (event) => {
    const cell = event.target.closest(".cell");
    if (cell && event.key === "Enter") show(Array.prototype.indexOf.call(cells(), cell));
  });
  document.addEventListener("keydown", (event) => {
    if (viewer.hidden) return;
    if (event.key === "Escape") close();
    else if (event.key === "ArrowRight") show(current + 1);
    else if (event.key === "ArrowLeft") show(current - 1);
    else return;
    event.preventDefault();
  });
  $("viewer-image").addEventListener("error", () => {
    if (viewer.hidden) return;
    $("viewer-image").hidden = true;
    $("viewer-no-image").hidden = false;
  });
  $("viewer-close").addEventListener("click", close);
  $("viewer-prev").addEventListener("click", () => show(current - 1));
  $("viewer-next").addEventListener("click", () => show(current + 1));
  $("viewer-copy").addEventListener("click", () => {
    const text = $("viewer-attribution").textContent;
    const done = () => { $("viewer-copy").textContent = "Copied"; setTimeout(() => { $("viewer-copy").textContent = "Copy the credit line"; }, 1200); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => {});
    } else {
      const range = document.createRange();
      range.selectNodeContents($("viewer-attribution"));
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      try { document.execCommand("copy"); done(); } catch (e) { /* selected for the user to copy */ }
    }
  });

  if (!served) return;

  // ---- The served page: live search ----
  const form = $("search");
  const query = $("query");
  const go = $("go");
  const statuses = $("statuses");
  const summary = $("summary");
  let stream = null;
  let checkTimer = null;

  // Go is enabled only when the view-model says the text is searchable (asked of the server).
  function checkQuery() {
    clearTimeout(checkTimer);
    const text = query.value;
    if (text.trim() === "") { go.disabled = true; return; }
    checkTimer = setTimeout(() => {
      fetch("/api/searchable?q=" + encodeURIComponent(text))
        .then((r) => r.json())
        .then((answer) => { if (query.value === text) { go.disabled = !answer.searchable; go.title = answer.problem || ""; } })
        .catch(() => {});
    }, 60);
  }
  query.addEventListener("input", checkQuery);

  function filterParams() {
    const params = new URLSearchParams();
    for (const id of ["license", "orientation", "min-width"]) {
      const value = $(id).value;
      if (value) params.set(id, value);
    }
    return params;
  }

  // The server sends the view-model's words (GalleryCell's and the chips' fields); the script
  // only places them, as text, into copies of the page's one cell and chip <template>.
  const cellTemplate = $("cell-template").content.firstElementChild;
  const chipTemplate = $("chip-template").content.firstElementChild;
  const cellData = ["title", "author", "provider", "size", "license", "licenseUrl", "full", "page", "date",
    "camera", "place", "placeDetail", "tags", "attribution"];

  function fillCell(figure, cell) {
    for (const key of cellData) figure.dataset[key] = cell[key] || "";
    const image = figure.querySelector(".frame img");
    const source = safeImage(cell.thumb);
    if (source) image.src = source; else image.removeAttribute("src");
    image.alt = cell.title || "";
    image.hidden = !source;
    const frameTitle = figure.querySelector(".frame-title");
    frameTitle.textContent = cell.title || "";
    frameTitle.hidden = !!source;
    for (const part of ["title", "author", "place", "size", "license"]) figure.querySelector("." + part).textContent = cell[part] || "";
    figure.querySelector(".badge").textContent = cell.provider || "";
  }

  function chipFor(chip) {
    const element = chipTemplate.cloneNode(true);
    element.className = "chip " + chip.phaseClass;
    element.dataset.provider = chip.name;
    element.title = chip.title || "";
    element.querySelector("b").textContent = chip.name;
    element.querySelector(".phase").textContent = chip.phase;
    element.querySelector(".detail").textContent = chip.detail || "";
    element.querySelector(".detail-part").hidden = !chip.detail;
    return element;
  }

  function showProviders(chips) {
    statuses.replaceChildren(...chips.map(chipFor));
  }

  // The search's cells by the number the server gave each, and their order on the page.
  let cellsByNumber = new Map();
  let order = [];

  function addCells(list) {
    for (const cell of list) {
      let figure = cellsByNumber.get(cell.id);
      if (!figure) { figure = cellTemplate.cloneNode(true); cellsByNumber.set(cell.id, figure); }
      fillCell(figure, cell);
    }
  }

  // Places the cells in `order`; cells already shown are moved, not made again, so images do not reload.
  function placeCells() {
    const next = order.map((number) => cellsByNumber.get(number)).filter(Boolean);
    next.forEach((figure, index) => { figure.dataset.index = String(index); });
    grid.replaceChildren(...next);
  }

  function applyRanks(event) {
    if (event.order) order = event.order.slice();
    else {
      order.length = Math.min(order.length, event.count);
      for (const [place, number] of event.moves || []) order[place] = number;
      order.length = event.count;
    }
    placeCells();
  }

  function start(params, address) {
    if (stream) stream.close();
    cellsByNumber = new Map();
    order = [];
    grid.replaceChildren();
    close();
    summary.textContent = "Searching…";
    $("recent").hidden = true;
    history.replaceState(null, "", address);
    stream = new EventSource("/api/events?" + params.toString());
    stream.onmessage = (message) => {
      let event;
      try { event = JSON.parse(message.data); } catch (e) { return; }
      if (event.event === "snapshot") {
        cellsByNumber = new Map();
        addCells(event.cells || []);
        order = (event.order || []).slice();
        placeCells();
        showProviders(event.providers || []);
        summary.textContent = event.summary || "";
      } else if (event.event === "added") {
        addCells(event.cells || []);
      } else if (event.event === "ranks") {
        applyRanks(event);
        summary.textContent = event.summary || "";
      } else if (event.event === "providers") {
        showProviders(event.providers || []);
      } else if (event.event === "done") {
        summary.textContent = event.summary || "";
        stream.close(); stream = null; loadRecent();
      } else if (event.event === "error") {
        summary.textContent = event.message || "The search failed.";
        stream.close(); stream = null;
      }
    };
    stream.onerror = () => {
      if (!stream) return;
      stream.close(); stream = null;
      summary.textContent = "The connection to Viewfinder was lost.";
      // What a provider was doing is no longer known: say so rather than show it running.
      for (const chip of statuses.querySelectorAll(".chip.running")) {
        chip.className = "chip interrupted";
        chip.querySelector(".phase").textContent = "interrupted";
        chip.querySelector(".detail").textContent = "the connection was lost";
        chip.querySelector(".detail-part").hidden = false;
      }
    };
  }

  // `linked`: the address's own query, run as the page opens (the server says whether it can be).
  function search(linked) {
    if (go.disabled && !linked) return;
    document.title = query.value + " · Viewfinder";
    const params = filterParams();
    params.set("q", query.value);
    start(params, "/?" + params.toString());
  }
  function popular() {
    const params = filterParams();
    params.set("popular", "1");
    const address = "/popular" + (params.toString() === "popular=1" ? "" : "?" + params.toString().replace(/&?popular=1/, ""));
    start(params, address);
  }

  form.addEventListener("submit", (event) => { event.preventDefault(); search(false); });
  $("popular").addEventListener("click", (event) => { event.preventDefault(); popular(); });

  function loadRecent() {
    fetch("/api/recent").then((r) => r.json()).then((entries) => {
      const list = $("recent-list");
      list.replaceChildren(...entries.map((entry) => {
        const item = document.createElement("li");
        // A search stored with a key hidden (***) cannot run again: listed, not linked.
        const a = document.createElement(entry.searchable ? "a" : "span");
        if (entry.searchable) a.href = "/?q=" + encodeURIComponent(entry.query);
        else { a.className = "hidden-query"; a.title = "Stored with a key hidden; type the search again to run it"; }
        a.textContent = entry.query;
        const count = document.createElement("span");
        count.className = "count";
        count.textContent = String(entry.count);
        a.appendChild(count);
        item.appendChild(a);
        return item;
      }));
      $("recent").hidden = entries.length === 0 || stream !== null || grid.children.length > 0;
    }).catch(() => {});
  }
  $("clear-recent").addEventListener("click", () => {
    fetch("/api/recent", { method: "DELETE" }).then(loadRecent).catch(() => {});
  });

  // The address decides what runs: /?q=… searches, /popular shows the popular view; opened
  // from another site's link (data-start="on-go"), nothing runs until Go or Popular is pressed.
  // The page is the same for every address: the query and the filters are read here.
  const here = new URLSearchParams(location.search);
  for (const id of ["license", "orientation", "min-width"]) if (here.get(id)) $(id).value = here.get(id);
  const atOnce = document.body.dataset.start === "at-once";
  const linked = location.pathname === "/popular" ? "" : (here.get("q") || "");
  if (linked) {
    query.value = linked;
    checkQuery();
  }
  if (atOnce && location.pathname === "/popular") popular();
  else if (atOnce && linked.trim() !== "") search(true);
  else {
    if (linked.trim() !== "") summary.textContent = summary.dataset.waitingForGo || "";
    loadRecent();
  }
})();
