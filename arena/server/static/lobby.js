// The lobby: choose a rule set and who plays each seat, start the game, hand out the join links.
// Text from the server is inserted with textContent only.
'use strict';
(function () {
  var options = null;

  function el(tag, text) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function seatsFor(id) {
    var found = options.rulesets.filter(function (r) { return r.id === id; })[0];
    return found ? found.seats : 0;
  }

  function drawSeats() {
    var list = document.getElementById('seat-list');
    list.textContent = '';
    var n = seatsFor(document.getElementById('ruleset').value);
    for (var seat = 1; seat <= n; seat++) {
      var item = el('li');
      var select = el('select');
      select.name = 'seat-' + seat;
      select.id = 'seat-' + seat;
      options.players.forEach(function (p) { select.appendChild(el('option', p)); });
      select.value = seat === 1 ? 'human' : 'scripted';
      item.appendChild(el('span', seat + ' '));
      item.appendChild(select);
      list.appendChild(item);
    }
  }

  function drawGames() {
    var list = document.getElementById('games');
    list.textContent = '';
    options.games.forEach(function (g) {
      var item = el('li');
      var a = el('a', g.game_id + ' · ' + g.ruleset + (g.over ? ' · over' : ''));
      a.href = '/watch/' + encodeURIComponent(g.game_id);
      item.appendChild(a);
      list.appendChild(item);
    });
  }

  function number(id) {
    var v = document.getElementById(id).value;
    return v === '' ? null : Number(v);
  }

  function spec() {
    var n = seatsFor(document.getElementById('ruleset').value);
    var players = [];
    for (var seat = 1; seat <= n; seat++) players.push(document.getElementById('seat-' + seat).value);
    return {
      ruleset: document.getElementById('ruleset').value, seed: number('seed'), players: players,
      deadline_s: number('deadline'), pace_s: number('pace') || 0,
      stand_in: document.getElementById('stand-in').value, lang: document.getElementById('lang').value
    };
  }

  function showLinks(reply) {
    var list = document.getElementById('link-list');
    list.textContent = '';
    reply.links.forEach(function (link) {
      var item = el('li', '座位 seat ' + link.seat + ': ');
      var a = el('a', location.origin + link.url);
      a.href = link.url;
      a.className = 'join';
      a.setAttribute('data-seat', link.seat);
      item.appendChild(a);
      list.appendChild(item);
    });
    var watch = el('li', '观战 watch: ');
    var w = el('a', location.origin + reply.watch);
    w.href = reply.watch;
    watch.appendChild(w);
    list.appendChild(watch);
    document.getElementById('links').hidden = false;
  }

  function start(event) {
    event.preventDefault();
    var error = document.getElementById('error');
    error.hidden = true;
    fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(spec())})
      .then(function (r) { return r.json().then(function (body) { return {ok: r.ok, body: body}; }); })
      .then(function (res) {
        if (!res.ok) { error.textContent = res.body.error || JSON.stringify(res.body); error.hidden = false; return; }
        showLinks(res.body);
      });
  }

  fetch('/api/lobby').then(function (r) { return r.json(); }).then(function (data) {
    options = data;
    var select = document.getElementById('ruleset');
    data.rulesets.forEach(function (r) {
      var o = el('option', r.title + ' (' + r.id + ', ' + r.seats + ')');
      o.value = r.id;
      select.appendChild(o);
    });
    select.addEventListener('change', drawSeats);
    drawSeats();
    drawGames();
    document.getElementById('new-game').addEventListener('submit', start);
  });
})();
