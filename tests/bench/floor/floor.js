// The floor page's script (see floor.html). Plain browser JavaScript, served from the web
// shell's origin so the call socket accepts it (same host, origin and token as the app).
(function () {
  'use strict';
  var ROWS = 50;
  var token = (/#token=([A-Za-z0-9_-]+)/.exec(location.hash) || [])[1] || '';
  var list = document.getElementById('rows');
  var total = document.querySelector('[data-testid="links-total"]');
  var rows = [];
  for (var i = 0; i < ROWS; i++) {
    var row = document.createElement('div');
    row.setAttribute('data-testid', 'link-row');
    row.style.height = '48px';
    list.appendChild(row);
    rows.push(row);
  }
  var bench = { firstRowFrame: null, results: [] };
  window.__floor = bench;

  var socket = new WebSocket(location.origin.replace(/^http/, 'ws') + '/rpc-socket?token=' + encodeURIComponent(token));
  var nextId = 1;
  var waiting = {};
  function callList(q, done) {
    var arg = { sort: 'date', direction: 'desc', offset: 0, limit: ROWS };
    if (q) arg.q = q;
    var id = nextId++;
    waiting[id] = done;
    socket.send(JSON.stringify({ id: id, channel: 'links:list', arg: arg }));
  }
  socket.onmessage = function (message) {
    var answer = JSON.parse(message.data);
    var done = waiting[answer.id];
    delete waiting[answer.id];
    if (done) done(answer.result);
  };
  function show(result) {
    var items = result.ok ? result.value.items : [];
    total.textContent = result.ok ? String(result.value.total) : result.error.message;
    for (var i = 0; i < ROWS; i++) {
      var link = items[i];
      rows[i].setAttribute('data-id', link ? String(link.id) : '');
      rows[i].textContent = link ? link.title + ' ' + link.shortUrl + ' ' + link.longUrl + ' ' + link.clicks + ' ' + link.date : '';
    }
  }
  socket.onopen = function () {
    callList('', function (result) {
      show(result);
      requestAnimationFrame(function () { bench.firstRowFrame = performance.now(); });
    });
  };
  // Keystroke → the frame after the rows of this query are written; round trip of the call.
  document.querySelector('[data-testid="links-search"]').addEventListener('input', function (event) {
    var t0 = event.timeStamp;
    var q = event.target.value.trim();
    var sent = performance.now();
    callList(q, function (result) {
      var rpc = performance.now() - sent;
      show(result);
      var dom = performance.now() - t0;
      requestAnimationFrame(function () {
        // sendAt / recvAt on the epoch clock, for the round trip's parts (round-trip-parts.ts).
        bench.results.push({ q: q, dom: dom, frame: performance.now() - t0, rpc: rpc, sent: sent - t0, sendAt: performance.timeOrigin + sent, recvAt: performance.timeOrigin + sent + rpc });
      });
    });
  });
})();
