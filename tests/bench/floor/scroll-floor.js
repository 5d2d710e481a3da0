// The scroll floor's script (see scroll-floor.html). Plain browser JavaScript, served from the
// web shell's origin so the call socket accepts it (same host, origin and token as the app).
(function () {
  'use strict';
  var ROW = 48;
  /** The app's window of rows per call (renderer/src/stores/links-workspace.ts: PAGE_SIZE). */
  var PAGE = 200;
  /**
   * Rows read ahead of the screen: two windows. With the app's 60 (PREFETCH_ROWS) this page,
   * scrolling two to five times as fast as the app, outran its reads: 60 and 611 of its frames
   * showed rows not read yet (no text, cheaper to draw) where the app's showed none.
   */
  var AHEAD = 2 * PAGE;
  /** The rows drawn either side of the screen (the app's virtual list's overscan). */
  var OVERSCAN = 5;
  var params = new URLSearchParams(location.hash.slice(1));
  var token = params.get('token') || '';
  var scroller = document.getElementById('scroller');
  var space = document.getElementById('space');
  var win = document.getElementById('window');
  scroller.style.height = (Number(params.get('height')) || innerHeight) + 'px';
  var count = Math.ceil(scroller.clientHeight / ROW) + 2 * OVERSCAN;
  var rows = [];
  for (var i = 0; i < count; i++) rows.push(win.appendChild(document.createElement('div')));
  var pages = {};
  var total = 0;
  var bench = { ready: false };
  window.__scrollFloor = bench;

  var socket = new WebSocket(location.origin.replace(/^http/, 'ws') + '/rpc-socket?token=' + encodeURIComponent(token));
  var nextId = 1;
  var waiting = {};
  socket.onmessage = function (message) {
    var answer = JSON.parse(message.data);
    var done = waiting[answer.id];
    delete waiting[answer.id];
    if (done) done(answer.result);
  };
  function fetchPage(page) {
    if (pages[page]) return;
    pages[page] = 'asked';
    var id = nextId++;
    waiting[id] = function (result) {
      pages[page] = result.ok ? result.value.items : null;
      if (result.ok) total = result.value.total;
      space.style.height = total * ROW + 'px';
      draw();
    };
    socket.send(JSON.stringify({ id: id, channel: 'links:list', arg: { sort: 'date', direction: 'desc', offset: page * PAGE, limit: PAGE } }));
  }
  /** The index each element shows (in order, from `first`) and whether its link was there. */
  var first = 0;
  var shown = rows.map(function () { return { index: -1, link: null }; });
  function fill(i, index) {
    var page = pages[Math.floor(index / PAGE)];
    var link = Array.isArray(page) ? page[index % PAGE] : undefined;
    if (shown[i].index === index && shown[i].link === link) return;
    shown[i].index = index;
    shown[i].link = link;
    rows[i].className = link || index >= total ? '' : 'link-row--loading';
    rows[i].textContent = link ? link.title + ' ' + link.shortUrl + ' ' + link.longUrl + ' ' + link.clicks + ' ' + link.date : '';
  }
  // Only the rows that came on screen are written: the elements of those that left move to the
  // other end, as the app's keyed rows do.
  function draw() {
    var next = Math.max(0, Math.floor(scroller.scrollTop / ROW) - OVERSCAN);
    var shift = next - first;
    if (shift > 0 && shift < count) {
      var gone = rows.splice(0, shift);
      var goneShown = shown.splice(0, shift);
      for (var a = 0; a < gone.length; a++) win.appendChild(gone[a]);
      rows = rows.concat(gone);
      shown = shown.concat(goneShown);
    } else if (shift < 0 && -shift < count) {
      var back = rows.splice(count + shift, -shift);
      var backShown = shown.splice(count + shift, -shift);
      for (var b = back.length - 1; b >= 0; b--) win.insertBefore(back[b], win.firstChild);
      rows = back.concat(rows);
      shown = backShown.concat(shown);
    }
    first = next;
    win.style.transform = 'translateY(' + first * ROW + 'px)';
    for (var i = 0; i < count; i++) fill(i, first + i);
    var from = Math.floor(Math.max(0, first - AHEAD) / PAGE);
    var to = Math.floor((first + count + AHEAD) / PAGE);
    for (var p = from; p <= to && (total === 0 || p * PAGE < total); p++) fetchPage(p);
  }
  scroller.addEventListener('scroll', draw, { passive: true });
  socket.onopen = function () {
    fetchPage(0);
    (function wait() {
      if (Array.isArray(pages[0])) bench.ready = true;
      else requestAnimationFrame(wait);
    })();
  };
})();
