// The lobby, the host's page: choose a rule set and who plays each seat, start the game, hand out
// the join links, see each game's human seats and give a seat a new link. Every request carries
// the host's key in the X-Host-Key header; the key arrives in the address's fragment (#key=…,
// which a browser never sends), is kept in this browser's storage and taken off the address bar.
// Text from the server is inserted with textContent only.
'use strict';
(function () {
  var options = null;
  var lang = localStorage.getItem('arena-lang') || 'zh';
  var KEY = 'arena-host-key';
  var issued = {};

  var WORDS = {
    zh: {title: '版杀大厅', replays: '对局回放', key_intro: '这里是房主的大厅：请输入服务器启动时打印的房主密钥（或直接打开它打印的链接）。',
      key: '房主密钥', key_send: '进入大厅', ruleset: '规则', seed: '种子（留空随机）', deadline: '人类时限（秒）',
      pace: '机器人节奏（秒）', stand_in: '替补机器人', lang: '游戏语言', seats: '座位', start: '开局', links: '加入链接',
      links_note: '每个链接只给一个座位；把它只发给坐这个座位的人。', games: '本服务器上的对局', seat: '{n}号座位',
      watch: '观战', replay: '回放', new_link: '发新链接', new_link_done: '新链接（旧链接已失效）：', over: '已结束',
      playing: '进行中', day: '第{n}天', connected: '在线', away: '不在', bot: '机器人代打', human: '本人在打',
      quota: '同时最多 {max} 局（现在 {now} 局）；每局最多 {humans} 名人类', none: '（还没有对局）',
      col_game: '对局', col_where: '进度', col_humans: '人类座位', col_links: '', asked: '等他回答', wrong_key: '密钥不对，请重新输入'},
    en: {title: 'Bansha lobby', replays: 'Replays', key_intro: 'This is the host’s lobby: enter the host key arena serve printed at start (or open the link it printed).',
      key: 'Host key', key_send: 'Open the lobby', ruleset: 'Rule set', seed: 'Seed (empty: random)', deadline: 'Human deadline (s)',
      pace: 'Bot pace (s)', stand_in: 'Stand-in bot', lang: 'Game language', seats: 'Seats', start: 'Start', links: 'Join links',
      links_note: 'Each link gives one seat: send it only to the person who takes that seat.', games: 'Games on this server',
      seat: 'seat {n}', watch: 'watch', replay: 'replay', new_link: 'new link', new_link_done: 'New link (the old one no longer works): ',
      over: 'over', playing: 'playing', day: 'day {n}', connected: 'online', away: 'away', bot: 'a bot plays',
      human: 'playing', quota: 'at most {max} games at once ({now} now); at most {humans} humans a game',
      none: '(no game yet)', col_game: 'game', col_where: 'where', col_humans: 'human seats', col_links: '',
      asked: 'being asked', wrong_key: 'wrong key: enter it again'}
  };

  function w(key, vars) {
    var text = WORDS[lang][key] || key;
    Object.keys(vars || {}).forEach(function (k) { text = text.replace('{' + k + '}', vars[k]); });
    return text;
  }

  function tr(pair) { return pair ? (pair[lang] || pair.zh || '') : ''; }

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  function byId(id) { return document.getElementById(id); }

  function takeKeyFromAddress() {
    var m = location.hash.match(/(?:^#|&)key=([^&]+)/);
    if (m) {
      localStorage.setItem(KEY, decodeURIComponent(m[1]));
      history.replaceState(null, '', location.pathname + location.search);
    }
  }

  function api(method, path, body) {
    var init = {method: method, headers: {'X-Host-Key': localStorage.getItem(KEY) || ''}};
    if (body !== undefined) { init.headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
    return fetch(path, init).then(function (r) {
      return r.json().then(function (b) { return {ok: r.ok, status: r.status, body: b}; });
    });
  }

  function showError(res) {
    var box = byId('error');
    box.textContent = tr(res.body.message) || res.body.error || JSON.stringify(res.body);
    box.hidden = false;
  }

  function askForKey(wrong) {
    byId('hosting').hidden = true;
    byId('key-form').hidden = false;
    if (wrong) { byId('error').textContent = w('wrong_key'); byId('error').hidden = false; }
  }

  function relabel() {
    document.documentElement.lang = lang;
    byId('lang-toggle').textContent = lang === 'zh' ? 'English' : '中文';
    document.querySelectorAll('[data-i18n]').forEach(function (h) { h.textContent = w(h.getAttribute('data-i18n')); });
    if (options) { drawRulesets(); drawSeats(); drawGames(); }
  }

  function seatsFor(id) {
    var found = options.rulesets.filter(function (r) { return r.id === id; })[0];
    return found ? found.seats : 0;
  }

  function drawRulesets() {
    var select = byId('ruleset');
    var was = select.value;
    select.textContent = '';
    options.rulesets.forEach(function (r) {
      var o = el('option', r.title + ' (' + r.id + ', ' + r.seats + ')');
      o.value = r.id;
      select.appendChild(o);
    });
    if (was) select.value = was;
    var stand = byId('stand-in');
    var chosen = stand.value;
    stand.textContent = '';
    ['scripted', 'random'].forEach(function (k) {
      var o = el('option', tr(options.player_names[k]));
      o.value = k;
      stand.appendChild(o);
    });
    if (chosen) stand.value = chosen;
  }

  function drawSeats() {
    var list = byId('seat-list');
    var kept = {};
    list.querySelectorAll('select').forEach(function (s) { kept[s.id] = s.value; });
    list.textContent = '';
    var n = seatsFor(byId('ruleset').value);
    for (var seat = 1; seat <= n; seat++) {
      var item = el('li');
      var select = el('select');
      select.name = 'seat-' + seat;
      select.id = 'seat-' + seat;
      options.players.forEach(function (p) {
        var o = el('option', tr(options.player_names[p]));
        o.value = p;
        select.appendChild(o);
      });
      select.value = kept[select.id] || (seat === 1 ? 'human' : 'scripted');
      item.appendChild(el('span', seat + ' '));
      item.appendChild(select);
      list.appendChild(item);
    }
  }

  function drawGames() {
    var table = byId('games');
    table.textContent = '';
    var q = options.quotas;
    byId('quota').textContent = w('quota', {max: q.max_games, now: q.playing, humans: q.max_humans});
    if (!options.games.length) { table.appendChild(el('tr')).appendChild(el('td', w('none'))); return; }
    var head = el('tr');
    ['col_game', 'col_where', 'col_humans', 'col_links'].forEach(function (k) { head.appendChild(el('th', w(k))); });
    table.appendChild(head);
    options.games.forEach(function (g) {
      var row = el('tr');
      row.setAttribute('data-game', g.game_id);
      row.appendChild(el('td', g.game_id + ' · ' + g.title));
      row.appendChild(el('td', g.over ? w('over') : w('day', {n: g.day}) + ' · ' + tr(g.phase_name)));
      var humans = el('td');
      g.humans.forEach(function (h) {
        var line = el('div', null, 'human-seat');
        line.setAttribute('data-seat', h.seat);
        line.appendChild(el('span', w('seat', {n: h.seat}) + ' ' + tr(h.name) + ' · ' +
          (h.controller === 'bot' ? w('bot') : w('human')) + ' · ' + (h.connected ? w('connected') : w('away')) +
          (h.asked ? ' · ' + w('asked') : '') + ' '));
        if (!g.over) {
          var b = el('button', w('new_link'), 'reissue');
          b.type = 'button';
          b.addEventListener('click', function () { reissue(g.game_id, h.seat, line); });
          line.appendChild(b);
        }
        if (issued[g.game_id + ':' + h.seat]) showIssued(line, h.seat, issued[g.game_id + ':' + h.seat]);
        humans.appendChild(line);
      });
      row.appendChild(humans);
      var links = el('td');
      var watch = el('a', w('watch'));
      watch.href = g.watch;
      links.appendChild(watch);
      links.appendChild(document.createTextNode(' · '));
      var replay = el('a', w('replay'));
      replay.href = g.replay;
      links.appendChild(replay);
      row.appendChild(links);
      table.appendChild(row);
    });
  }

  function reissue(gameId, seat, line) {
    api('POST', '/api/games/' + encodeURIComponent(gameId) + '/seats/' + seat + '/link').then(function (res) {
      if (!res.ok) { showError(res); return; }
      issued[gameId + ':' + seat] = res.body.url;
      showIssued(line, seat, res.body.url);
    });
  }

  function showIssued(line, seat, url) {
    var old = line.querySelector('.new-link');
    if (old) old.remove();
    var box = el('div', w('new_link_done'), 'new-link');
    var a = el('a', location.origin + url, 'join link-url');
    a.href = url;
    a.setAttribute('data-seat', seat);
    box.appendChild(a);
    line.appendChild(box);
  }

  function number(id) {
    var v = byId(id).value;
    return v === '' ? null : Number(v);
  }

  function spec() {
    var n = seatsFor(byId('ruleset').value);
    var players = [];
    for (var seat = 1; seat <= n; seat++) players.push(byId('seat-' + seat).value);
    return {
      ruleset: byId('ruleset').value, seed: number('seed'), players: players,
      deadline_s: number('deadline'), pace_s: number('pace') || 0,
      stand_in: byId('stand-in').value, lang: byId('lang').value
    };
  }

  function showLinks(reply) {
    var list = byId('link-list');
    list.textContent = '';
    reply.links.forEach(function (link) {
      var item = el('li', w('seat', {n: link.seat}) + ': ');
      var a = el('a', location.origin + link.url, 'join link-url');
      a.href = link.url;
      a.setAttribute('data-seat', link.seat);
      item.appendChild(a);
      list.appendChild(item);
    });
    var watch = el('li', w('watch') + ': ');
    var wa = el('a', location.origin + reply.watch, 'link-url');
    wa.href = reply.watch;
    watch.appendChild(wa);
    list.appendChild(watch);
    byId('links').hidden = false;
  }

  function start(event) {
    event.preventDefault();
    byId('error').hidden = true;
    api('POST', '/api/games', spec()).then(function (res) {
      if (!res.ok) { showError(res); return; }
      showLinks(res.body);
      refresh();
    });
  }

  function refresh() {
    return api('GET', '/api/lobby').then(function (res) {
      if (res.status === 401) { askForKey(!!localStorage.getItem(KEY)); return false; }
      if (!res.ok) { showError(res); return false; }
      var first = options === null;
      options = res.body;
      byId('key-form').hidden = true;
      byId('hosting').hidden = false;
      if (first) { drawRulesets(); drawSeats(); }
      drawGames();
      return true;
    });
  }

  byId('lang-toggle').addEventListener('click', function () {
    lang = lang === 'zh' ? 'en' : 'zh';
    localStorage.setItem('arena-lang', lang);
    relabel();
  });
  byId('key-form').addEventListener('submit', function (e) {
    e.preventDefault();
    localStorage.setItem(KEY, byId('host-key').value.trim());
    byId('error').hidden = true;
    refresh();
  });
  byId('ruleset').addEventListener('change', drawSeats);
  byId('new-game').addEventListener('submit', start);
  takeKeyFromAddress();
  relabel();
  refresh();
  setInterval(function () { if (options) refresh(); }, 5000);
})();
