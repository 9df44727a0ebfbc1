// The table: one seat's forum view, live over a WebSocket, with an action panel built from the
// seat's legal actions. Everything a player wrote is inserted with textContent, never as markup,
// and the page's Content-Security-Policy forbids any other script, so no post can run code.
// The seat token lives in the URL fragment (never sent in a request line) and is sent once, as
// the socket's first message. A lost connection reconnects and redraws from a fresh snapshot.
'use strict';
(function () {
  var parts = location.pathname.split('/');
  var playing = parts[1] === 'play';
  var gameId = decodeURIComponent(parts[2] || '');
  var seat = playing ? Number(parts[3]) : null;
  var token = location.hash.slice(1);
  var chosen = localStorage.getItem('arena-lang');
  var lang = chosen || 'zh';
  var items = [];
  var seen = {};
  var status = null;
  var panelKey = null;
  var socket = null;
  var refused = false;
  var quoteFloor = null;

  var WORDS = {
    zh: {thread: '主楼', actions: '你的行动', private: '私信（法官）', team: '队伍聊天', seats: '座位',
      day: '第{n}天', post: '发帖', blue: '蓝字（剩余 {n}）', quote: '引用楼层', send: '提交', team_post: '发到{team}',
      vote: '投票', abstain: '弃票', reason: '理由', skill: '技能', yes: '是', no: '否', last_words: '遗言',
      pass: '过', wait: '现在没有需要你做的事，请等待。', bot: '机器人正在代打你的座位。', leave: '离开（机器人代打）',
      back: '回来继续玩', over: '游戏结束', winners: '胜者：', you: '你是 {seat}', quote_btn: '引用', replying: '回复 {n}楼',
      deadline: '剩余 {s} 秒', missed: '超时 {n} 次', watching: '观战（公开视角）', choose: '选择', floor: '{n}楼'},
    en: {thread: 'Thread', actions: 'Your actions', private: 'Private (judge)', team: 'Team chats', seats: 'Seats',
      day: 'Day {n}', post: 'Post', blue: 'Blue (reasoning) post ({n} left)', quote: 'quote floor', send: 'Send',
      team_post: 'Send to {team}', vote: 'Vote', abstain: 'abstain', reason: 'reason', skill: 'Skill', yes: 'Yes',
      no: 'No', last_words: 'Last words', pass: 'Pass', wait: 'Nothing is asked of you now; please wait.',
      bot: 'A bot is playing your seat.', leave: 'Leave (a bot plays)', back: 'Come back', over: 'Game over',
      winners: 'Winners: ', you: 'You are {seat}', quote_btn: 'quote', replying: 're #{n}', deadline: '{s} s left',
      missed: '{n} deadlines missed', watching: 'Watching (public view)', choose: 'Choose', floor: '#{n}'}
  };

  function w(key, vars) {
    var text = WORDS[lang][key] || key;
    Object.keys(vars || {}).forEach(function (k) { text = text.replace('{' + k + '}', vars[k]); });
    return text;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  function byId(id) { return document.getElementById(id); }

  // -- the connection -------------------------------------------------------------------------

  function connect() {
    var scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    var path = playing ? '/ws/games/' + encodeURIComponent(gameId) + '/seats/' + seat
      : '/ws/games/' + encodeURIComponent(gameId) + '/public';
    socket = new WebSocket(scheme + location.host + path);
    socket.onopen = function () { if (playing) socket.send(JSON.stringify({token: token})); };
    socket.onmessage = function (m) { receive(JSON.parse(m.data)); };
    socket.onclose = function () { if (!refused) setTimeout(connect, 1000); };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function receive(msg) {
    if (msg.type === 'snapshot') {
      items = []; seen = {};
      ['thread', 'private', 'team'].forEach(function (id) { byId(id).textContent = ''; });
      msg.events.forEach(addEvent);
      setStatus(msg.status);
    } else if (msg.type === 'events') {
      msg.events.forEach(addEvent);
    } else if (msg.type === 'status') {
      setStatus(msg.status);
    } else if (msg.type === 'refused') {
      notice(msg.error, true);
      if (!status) { refused = true; }
    } else if (msg.type === 'ack') {
      notice('', false);
    } else if (msg.type === 'reload') {
      socket.close();
    }
  }

  function notice(text, show) {
    var box = byId('notice');
    box.textContent = text;
    box.hidden = !show;
  }

  // -- events ---------------------------------------------------------------------------------

  function addEvent(item) {
    if (seen[item.seq]) return;
    seen[item.seq] = true;
    items.push(item);
    var box = byId(item.channel === 'thread' ? 'thread' : item.channel === 'team' ? 'team' : 'private');
    var stick = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    box.appendChild(render(item));
    if (stick) box.scrollTop = box.scrollHeight;
  }

  function render(item) {
    if (item.kind === 'posted') return renderPost(item);
    var line = el('div', 'line k-' + item.kind, item[lang]);
    line.setAttribute('data-seq', item.seq);
    if (item.kind === 'team_posted') {
      line.textContent = '';
      line.appendChild(el('span', 'team-name', '【' + item.team_name[lang] + '】'));
      line.appendChild(el('b', 'author', item.author[lang]));
      line.appendChild(el('span', 'text', '：' + item.text));
    }
    if (item.kind === 'phase_began') line.className += ' banner';
    return line;
  }

  function renderPost(item) {
    var post = el('article', 'post' + (item.blue ? ' blue' : ''));
    post.id = 'f' + item.floor;
    post.setAttribute('data-floor', item.floor);
    var head = el('div', 'head');
    head.appendChild(el('span', 'floor', w('floor', {n: item.floor})));
    if (item.blue) head.appendChild(el('span', 'blue-tag', lang === 'zh' ? '蓝字' + item.blue : 'blue ' + item.blue));
    head.appendChild(el('b', 'author', item.author[lang]));
    if (item.quote) {
      var q = el('a', 'quoted', w('replying', {n: item.quote}));
      q.href = '#f' + item.quote;
      head.appendChild(q);
    }
    if (playing) {
      var b = el('button', 'quote-btn', w('quote_btn'));
      b.type = 'button';
      b.addEventListener('click', function () { setQuote(item.floor); });
      head.appendChild(b);
    }
    post.appendChild(head);
    if (item.quote) {
      var original = document.getElementById('f' + item.quote);
      if (original) post.appendChild(el('blockquote', 'quote-text', original.querySelector('.text').textContent));
    }
    post.appendChild(el('p', 'text', item.text));
    return post;
  }

  function setQuote(floor) {
    quoteFloor = floor;
    var input = byId('quote-floor');
    if (input) input.value = floor;
  }

  // -- status and the action panel ---------------------------------------------------------

  function setStatus(s) {
    if (!chosen && s.lang && s.lang !== lang) { lang = s.lang; chosen = lang; relabel(); }
    status = s;
    byId('title').textContent = s.title || '版杀';
    byId('phase').textContent = (s.day ? w('day', {n: s.day}) + ' · ' : '') + (s.phase_name ? s.phase_name[lang] : '');
    byId('me').textContent = playing ? w('you', {seat: seatName(s)}) + (s.missed ? ' · ' + w('missed', {n: s.missed}) : '')
      : w('watching');
    drawSeats(s);
    drawLeave(s);
    if (s.error) notice(s.error, true);
    var key = [s.decision, s.asked, s.controller, s.over, lang].join('|');
    if (key !== panelKey) { panelKey = key; drawPanel(s); }
    tick();
  }

  function seatName(s) {
    var found = (s.seats || []).filter(function (x) { return x.seat === s.seat; })[0];
    return found ? found[lang] : String(s.seat);
  }

  function drawSeats(s) {
    var list = byId('seats');
    list.textContent = '';
    (s.seats || []).forEach(function (x) { list.appendChild(el('li', x.seat === s.seat ? 'mine' : '', x[lang])); });
  }

  function drawLeave(s) {
    var b = byId('leave-toggle');
    b.hidden = !playing || s.over;
    b.textContent = s.controller === 'bot' ? w('back') : w('leave');
  }

  function drawPanel(s) {
    var panel = byId('actions');
    panel.textContent = '';
    if (!playing) { byId('actions-box').hidden = true; return; }
    if (s.over) {
      var words = (s.winners || []).map(function (x) { return x[lang]; }).join('、');
      panel.appendChild(el('p', 'over', w('over') + ' · ' + w('winners') + words));
      return;
    }
    if (s.controller === 'bot') { panel.appendChild(el('p', 'wait', w('bot'))); return; }
    if (!s.asked) { panel.appendChild(el('p', 'wait', w('wait'))); return; }
    if (s.turn_error) panel.appendChild(el('p', 'error', s.turn_error));
    s.legal.forEach(function (a) { panel.appendChild(actionForm(a, s.decision)); });
  }

  function act(action, decision) {
    send({type: 'act', action: action, decision: decision});
  }

  function field(form, label, control) {
    var l = el('label', null, label + ' ');
    l.appendChild(control);
    form.appendChild(l);
    return control;
  }

  function targetSelect(a, name, firstOnly) {
    var select = el('select');
    select.name = name;
    a.targets.forEach(function (t) {
      if (firstOnly && a.first_from.length && a.first_from.indexOf(t.seat) < 0) return;
      var o = el('option', null, t[lang]);
      o.value = t.seat;
      select.appendChild(o);
    });
    return select;
  }

  function actionForm(a, decision) {
    var form = el('form', 'action a-' + a.kind);
    form.setAttribute('data-kind', a.kind);
    if (a.skill) form.setAttribute('data-skill', a.skill);
    var title = a.kind === 'team_post' ? w('team_post', {team: a.team_name ? a.team_name[lang] : a.team})
      : a.skill_name ? a.skill_name[lang] : w(a.kind);
    form.appendChild(el('h3', null, title));
    if (a.note) form.appendChild(el('p', 'note', a.note));
    var build = BUILDERS[a.kind] || BUILDERS.pass;
    var read = build(form, a);
    if (a.kind === 'choose' && a.yes_no) return form;
    var submit = el('button', 'submit', a.kind === 'pass' ? w('pass') : w('send'));
    submit.type = 'submit';
    form.appendChild(submit);
    form.addEventListener('submit', function (e) { e.preventDefault(); act(read(), decision); });
    return form;
  }

  function textBox(form, name) {
    var box = el('textarea');
    box.name = name;
    box.maxLength = 4000;
    box.rows = 3;
    form.appendChild(box);
    return box;
  }

  function seatsPicked(form, a) {
    var picks = [];
    for (var i = 0; i < Math.max(a.arity, 1); i++) {
      picks.push(field(form, '#' + (i + 1), targetSelect(a, 'target' + i, i === 0)));
    }
    return function () { return picks.map(function (p) { return Number(p.value); }); };
  }

  var BUILDERS = {
    post: function (form, a) {
      var text = textBox(form, 'text');
      var blue = null;
      if (a.blue_left !== null && a.blue_left !== undefined) {
        blue = el('input');
        blue.type = 'checkbox';
        blue.name = 'blue';
        field(form, w('blue', {n: a.blue_left}), blue);
      }
      var quote = el('input');
      quote.type = 'number';
      quote.min = 1;
      quote.id = 'quote-floor';
      quote.name = 'quote';
      if (quoteFloor) quote.value = quoteFloor;
      field(form, w('quote'), quote);
      return function () {
        var action = {kind: 'post', text: text.value, blue: !!(blue && blue.checked)};
        if (quote.value) action.quote = Number(quote.value);
        quoteFloor = null;
        return action;
      };
    },
    team_post: function (form, a) {
      var text = textBox(form, 'text');
      return function () { return {kind: 'team_post', team: a.team, text: text.value}; };
    },
    vote: function (form, a) {
      var select = targetSelect(a, 'target', false);
      if (a.abstain) {
        var o = el('option', null, w('abstain'));
        o.value = '';
        select.appendChild(o);
      }
      field(form, w('vote'), select);
      var reason = el('input');
      reason.name = 'reason';
      reason.maxLength = 4000;
      field(form, w('reason'), reason);
      return function () {
        return {kind: 'vote', target: select.value === '' ? null : Number(select.value), reason: reason.value};
      };
    },
    skill: function (form, a) {
      var picked = seatsPicked(form, a);
      return function () { return {kind: 'skill', skill: a.skill, targets: picked()}; };
    },
    choose: function (form, a) {
      if (a.yes_no) {
        [['yes', true], ['no', false]].forEach(function (pair) {
          var b = el('button', 'choice', w(pair[0]));
          b.type = 'button';
          b.name = pair[0];
          b.addEventListener('click', function () {
            act({kind: 'choose', skill: a.skill, use: pair[1]}, status.decision);
          });
          form.appendChild(b);
        });
        return function () { return null; };
      }
      var picked = seatsPicked(form, a);
      return function () { return {kind: 'choose', skill: a.skill, targets: picked()}; };
    },
    last_words: function (form) {
      var text = textBox(form, 'text');
      return function () { return {kind: 'last_words', text: text.value}; };
    },
    pass: function () {
      return function () { return {kind: 'pass'}; };
    }
  };

  function tick() {
    var box = byId('countdown');
    if (!status || !status.asked || !status.deadline_ms || status.controller === 'bot') { box.textContent = ''; return; }
    var left = Math.max(0, Math.round((status.deadline_ms - Date.now()) / 1000));
    box.textContent = w('deadline', {s: left});
    box.className = left <= 10 ? 'urgent' : '';
  }

  function relabel() {
    document.documentElement.lang = lang;
    byId('lang-toggle').textContent = lang === 'zh' ? 'English' : '中文';
    document.querySelectorAll('[data-i18n]').forEach(function (h) { h.textContent = w(h.getAttribute('data-i18n')); });
  }

  byId('lang-toggle').addEventListener('click', function () {
    lang = lang === 'zh' ? 'en' : 'zh';
    localStorage.setItem('arena-lang', lang);
    chosen = lang;
    relabel();
    var all = items;
    items = []; seen = {};
    ['thread', 'private', 'team'].forEach(function (id) { byId(id).textContent = ''; });
    all.forEach(addEvent);
    panelKey = null;
    if (status) setStatus(status);
  });
  byId('leave-toggle').addEventListener('click', function () {
    send({type: status && status.controller === 'bot' ? 'back' : 'leave'});
  });
  if (!playing) { byId('private-box').hidden = true; byId('team-box').hidden = true; }
  relabel();
  setInterval(tick, 1000);
  connect();
})();
