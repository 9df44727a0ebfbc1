// The table: one seat's forum view, live over a WebSocket, with an action panel built from the
// seat's legal actions and a standing built from the seat's observation (the engine's account of
// what it knows: who is out, its role card, skills and allowances left). Everything a player
// wrote is inserted with textContent, never as markup, and the page's Content-Security-Policy
// forbids any other script, so no post can run code. The seat token lives in the URL fragment
// (never sent in a request line) and is sent once, as the socket's first message. A lost
// connection reconnects and redraws from a fresh snapshot; what the person was writing or had
// chosen is kept (sessionStorage) across redraws, reconnects and a switch of language.
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
  var stopped = false;
  var retry = 1000;
  var quoteFloor = null;
  var pending = null;
  var guessing = null;
  var draftKey = 'arena-draft:' + gameId + ':' + seat;
  var drafts = JSON.parse(sessionStorage.getItem(draftKey) || '{}');

  var WORDS = {
    zh: {thread: '主楼', actions: '你的行动', private: '私信（法官）', team: '队伍聊天', seats: '座位', card: '身份卡',
      tab_thread: '主楼', tab_actions: '行动', tab_card: '身份', tab_private: '私信', tab_team: '群聊', tab_seats: '座位',
      day: '第{n}天', post: '发帖', blue: '蓝字（剩余 {n}）', quote: '引用楼层', send: '提交', team_post: '发到{team}',
      vote: '投票', abstain: '弃票', reason: '理由', skill: '技能', yes: '是', no: '否', last_words: '遗言',
      pass: '过', wait: '现在没有需要你做的事，请等待。', bot: '机器人正在代打你的座位。', leave: '离开（机器人代打）',
      back: '回来继续玩', over: '游戏结束', winners: '胜者：', you: '你是 {seat}', quote_btn: '引用', replying: '回复 {n}楼',
      deadline: '剩余 {s} 秒', missed: '超时 {n} 次', watching: '观战（公开视角）', choose: '选择', floor: '{n}楼',
      pick: '— 请选择 —', pick_first: '请先为“{what}”选择目标', alive: '存活 {n}/{of}', out: '出局', me: '（你）',
      left: '剩 {n} 次', left_of: '剩 {n}/{of} 次', not_usable: '现在不可用', full_card: '完整身份卡', skills: '技能',
      teams: '群聊', limits: '额度：', replay: '查看回放', guess_title: '谁是机器人？', guess_intro: '游戏结束了。请为其他每个马甲回答：是人类还是机器人？（可以猜是哪个模型）',
      human: '人类', botg: '机器人', model: '哪个模型（可不填）', any_model: '不确定', guess_send: '提交回答',
      guess_thanks: '谢谢！你的回答已记下。下面是每个座位真正的玩家：', guess_yours: '你的回答', guess_truth: '实际',
      guess_right: '对', guess_wrong: '错', guess_missing: '还有 {n} 个马甲没回答', gone: '这局已结束，已离开服务器内存。',
      ended_token: '这个座位的链接已失效。', reconnecting: '连接断开，正在重连…', status_label: '状态', watchers_over: '游戏结束：',
      no_team_left: '本轮群聊发言已用完'},
    en: {thread: 'Thread', actions: 'Your actions', private: 'Private (judge)', team: 'Team chats', seats: 'Seats', card: 'Role card',
      tab_thread: 'Thread', tab_actions: 'Act', tab_card: 'Role', tab_private: 'DMs', tab_team: 'Team', tab_seats: 'Seats',
      day: 'Day {n}', post: 'Post', blue: 'Blue (reasoning) post ({n} left)', quote: 'quote floor', send: 'Send',
      team_post: 'Send to {team}', vote: 'Vote', abstain: 'abstain', reason: 'reason', skill: 'Skill', yes: 'Yes',
      no: 'No', last_words: 'Last words', pass: 'Pass', wait: 'Nothing is asked of you now; please wait.',
      bot: 'A bot is playing your seat.', leave: 'Leave (a bot plays)', back: 'Come back', over: 'Game over',
      winners: 'Winners: ', you: 'You are {seat}', quote_btn: 'quote', replying: 're #{n}', deadline: '{s} s left',
      missed: '{n} deadlines missed', watching: 'Watching (public view)', choose: 'Choose', floor: '#{n}',
      pick: '— choose —', pick_first: 'choose a target for “{what}” first', alive: '{n}/{of} alive', out: 'out', me: ' (you)',
      left: '{n} left', left_of: '{n}/{of} left', not_usable: 'not usable now', full_card: 'Full role card', skills: 'Skills',
      teams: 'Team chats', limits: 'Allowances: ', replay: 'Open the replay', guess_title: 'Who was a bot?',
      guess_intro: 'The game is over. For every other alias: a human or a bot? (Name the model if you like.)',
      human: 'human', botg: 'bot', model: 'which model (optional)', any_model: 'not sure', guess_send: 'Send my answers',
      guess_thanks: 'Thank you! Your answers are recorded. Who really played each seat:', guess_yours: 'your answer',
      guess_truth: 'truth', guess_right: 'right', guess_wrong: 'wrong', guess_missing: '{n} alias(es) still unanswered',
      gone: 'This game is over and has left the server’s memory.', ended_token: 'This seat’s link no longer works.',
      reconnecting: 'Connection lost; reconnecting…', status_label: 'status', watchers_over: 'Game over: ',
      no_team_left: 'no team messages left this turn'}
  };

  function w(key, vars) {
    var text = WORDS[lang][key] || key;
    Object.keys(vars || {}).forEach(function (k) { text = text.replace('{' + k + '}', vars[k]); });
    return text;
  }

  function tr(pair) { return pair ? (pair[lang] || pair.zh || '') : ''; }

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
    socket.onmessage = function (m) { retry = 1000; receive(JSON.parse(m.data)); };
    socket.onclose = function (e) {
      if (e.code === 4401 || e.code === 4403 || e.code === 4404) { stopped = true; return; }
      if (e.code === 4410) { stopped = true; gone(); return; }
      if (!stopped) {
        if (status && !status.over) notice(w('reconnecting'), true);
        setTimeout(connect, retry);
        retry = Math.min(retry * 2, 8000);
      }
    };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function receive(msg) {
    if (msg.type === 'snapshot') {
      items = []; seen = {};
      ['thread', 'private', 'team'].forEach(function (id) { byId(id).textContent = ''; });
      msg.events.forEach(addEvent);
      notice('', false);
      setStatus(msg.status);
    } else if (msg.type === 'events') {
      msg.events.forEach(addEvent);
    } else if (msg.type === 'status') {
      setStatus(msg.status);
    } else if (msg.type === 'refused') {
      notice(tr(msg.message) || msg.error, true);
      pending = null;
    } else if (msg.type === 'ack') {
      if (msg.of === 'act' && pending) { delete drafts[pending]; saveDrafts(); pending = null; }
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
    if (input) { input.value = floor; remember(input); }
    showPane('actions');
  }

  // -- drafts: what a person wrote or chose, kept across redraws ------------------------------

  function saveDrafts() { sessionStorage.setItem(draftKey, JSON.stringify(drafts)); }

  function pruneDrafts(s) {
    var now = '@' + s.day + ':' + s.phase;
    Object.keys(drafts).forEach(function (k) {
      if (k !== 'guess' && k.slice(-now.length) !== now) delete drafts[k];
    });
    saveDrafts();
  }

  function remember(control) {
    var form = control.form;
    if (!form) return;
    var key = form.getAttribute('data-key');
    drafts[key] = drafts[key] || {};
    drafts[key][control.name] = control.type === 'checkbox' ? control.checked : control.value;
    saveDrafts();
  }

  function restore(form) {
    var saved = drafts[form.getAttribute('data-key')] || {};
    Array.prototype.forEach.call(form.elements, function (control) {
      if (!control.name || !(control.name in saved)) return;
      if (control.type === 'checkbox') control.checked = !!saved[control.name];
      else if (control.tagName === 'SELECT') {
        var has = Array.prototype.some.call(control.options, function (o) { return o.value === saved[control.name]; });
        if (has) control.value = saved[control.name];
      } else control.value = saved[control.name];
    });
    form.addEventListener('input', function (e) { remember(e.target); });
    form.addEventListener('change', function (e) { remember(e.target); });
  }

  // -- status: header, standing, card, action panel --------------------------------------------

  function setStatus(s) {
    if (!chosen && s.lang && s.lang !== lang) { lang = s.lang; chosen = lang; relabel(); }
    if (playing && (!status || status.day !== s.day || status.phase !== s.phase)) pruneDrafts(s);
    status = s;
    byId('title').textContent = s.title || '版杀';
    byId('phase').textContent = s.over ? w('over') : (s.day ? w('day', {n: s.day}) + ' · ' : '') + tr(s.phase_name);
    byId('me').textContent = playing ? w('you', {seat: seatName(s)}) + (s.missed ? ' · ' + w('missed', {n: s.missed}) : '')
      : w('watching');
    drawSeats(s);
    drawCard(s);
    drawLimits(s);
    drawLeave(s);
    drawBanner(s);
    byId('asked-badge').hidden = !(s.asked && s.controller !== 'bot');
    if (s.error) notice(tr(s.error), true);
    var budgets = me(s) ? JSON.stringify(me(s).budgets.map(function (b) { return b.left; })) : '';
    var key = [s.decision, s.asked, s.controller, s.over, s.done, budgets, lang].join('|');
    if (key !== panelKey) { panelKey = key; drawPanel(s); }
    tick();
  }

  function me(s) { return s && s.observation ? s.observation.me : null; }

  function seatName(s) {
    var found = (s.seats || []).filter(function (x) { return x.seat === s.seat; })[0];
    return found ? found[lang] : String(s.seat);
  }

  function drawSeats(s) {
    var obs = s.observation;
    var list = byId('seats');
    list.textContent = '';
    if (!obs) return;
    byId('standing').textContent = w('alive', {n: obs.alive, of: obs.count});
    obs.seats.forEach(function (x) {
      var li = el('li', (x.alive ? 'alive' : 'out') + (x.me ? ' mine' : ''));
      li.setAttribute('data-seat', x.seat);
      li.appendChild(el('span', 'num', x.seat + ' '));
      li.appendChild(el('span', 'alias', tr(x.name) + (x.me ? w('me') : '')));
      x.statuses.forEach(function (st) { li.appendChild(el('span', 'tag', tr(st))); });
      if (x.identity) li.appendChild(el('span', 'identity', tr(x.identity)));
      if (!x.alive) {
        var how = [w('out')];
        if (x.out_day) how.push(w('day', {n: x.out_day}));
        if (x.cause) how.push(tr(x.cause));
        li.appendChild(el('span', 'cause', '✝ ' + how.join(' · ')));
      }
      list.appendChild(li);
    });
  }

  function drawCard(s) {
    var box = byId('card');
    box.textContent = '';
    var mine = me(s);
    byId('card-box').hidden = !mine;
    if (!mine) return;
    var head = el('p', 'role');
    head.appendChild(el('b', null, tr(mine.role)));
    if (mine.faction) head.appendChild(el('span', 'faction', ' · ' + tr(mine.faction)));
    if (mine.majia) head.appendChild(el('span', 'majia', ' · ' + tr(mine.majia)));
    mine.statuses.forEach(function (st) { head.appendChild(el('span', 'tag', tr(st))); });
    if (!mine.alive) head.appendChild(el('span', 'tag out', w('out')));
    box.appendChild(head);
    if (mine.skills.length) {
      box.appendChild(el('h3', null, w('skills')));
      var ul = el('ul', 'skills');
      mine.skills.forEach(function (sk) {
        var li = el('li', sk.usable ? 'usable' : 'spent');
        li.setAttribute('data-skill', sk.skill);
        li.appendChild(el('b', null, '【' + tr(sk.name) + '】'));
        var left = sk.left === null ? '' : sk.total === null ? w('left', {n: sk.left}) : w('left_of', {n: sk.left, of: sk.total});
        var state = [left, sk.note ? tr(sk.note) : (!sk.usable ? w('not_usable') : '')].filter(Boolean).join(' · ');
        if (state) li.appendChild(el('span', 'left', ' ' + state));
        if (tr(sk.line)) li.appendChild(el('p', 'line', tr(sk.line)));
        ul.appendChild(li);
      });
      box.appendChild(ul);
    }
    if (mine.teams.length) {
      box.appendChild(el('h3', null, w('teams')));
      mine.teams.forEach(function (t) {
        box.appendChild(el('p', 'team', '【' + tr(t.name) + '】' + t.members.map(tr).join('、')));
      });
    }
    if (mine.dead_may) box.appendChild(el('p', 'dead-may', tr(mine.dead_may)));
    var details = el('details', 'full-card');
    details.appendChild(el('summary', null, w('full_card')));
    details.appendChild(el('pre', null, tr(mine.card)));
    box.appendChild(details);
  }

  function drawLimits(s) {
    var mine = me(s);
    var text = mine && mine.budgets.length ? w('limits') + mine.budgets.map(function (b) { return tr(b.text); }).join(' · ') : '';
    byId('limits').textContent = text;
  }

  function drawLeave(s) {
    var b = byId('leave-toggle');
    b.hidden = !playing || s.over || !s.may_leave;
    b.textContent = s.controller === 'bot' ? w('back') : w('leave');
  }

  function drawBanner(s) {
    var box = byId('banner');
    box.textContent = '';
    box.hidden = !s.over;
    if (!s.over) return;
    var words = (s.winners || []).map(tr).join('、');
    box.appendChild(el('b', null, (playing ? w('over') + ' · ' : w('watchers_over')) + w('winners') + words));
    if (s.ended) box.appendChild(el('span', 'ended', ' ' + tr(s.ended)));
    if (s.replay) box.appendChild(replayLink(s.replay));
  }

  function replayLink(href) {
    var a = el('a', 'replay-link', w('replay'));
    a.href = href + '?lang=' + lang;
    return a;
  }

  function drawPanel(s) {
    var panel = byId('actions');
    panel.textContent = '';
    if (!playing) { byId('actions-box').hidden = true; return; }
    if (s.over) { drawOver(panel, s); return; }
    if (s.controller === 'bot') { panel.appendChild(el('p', 'wait', w('bot'))); return; }
    var mine = me(s);
    if (!s.asked) {
      panel.appendChild(el('p', 'wait', mine && mine.dead_may ? tr(mine.dead_may) : w('wait')));
      return;
    }
    if (s.turn_error) panel.appendChild(el('p', 'error', tr(s.turn_error)));
    if (mine && mine.dead_may) panel.appendChild(el('p', 'dead-may', tr(mine.dead_may)));
    s.legal.forEach(function (a) { panel.appendChild(actionForm(a, s.decision)); });
  }

  function drawOver(panel, s) {
    var words = (s.winners || []).map(tr).join('、');
    var box = el('div', 'game-over');
    box.appendChild(el('h3', 'over', w('over') + ' · ' + w('winners') + words));
    if (s.ended) box.appendChild(el('p', 'ended', tr(s.ended)));
    box.appendChild(replayLink(s.replay || '/replays/' + encodeURIComponent(gameId)));
    panel.appendChild(box);
    if (s.done) askWhoWasABot(panel);
  }

  function gone() {
    status = status || {over: true};
    byId('phase').textContent = w('over');
    var panel = byId('actions');
    panel.textContent = '';
    var box = el('div', 'game-over');
    box.appendChild(el('h3', 'over', w('gone')));
    box.appendChild(replayLink('/replays/' + encodeURIComponent(gameId)));
    panel.appendChild(box);
    if (playing) askWhoWasABot(panel);
  }

  // -- who was a bot? ----------------------------------------------------------------------

  function api(method, path, body) {
    var init = {method: method, headers: {'Authorization': 'Bearer ' + token}};
    if (body !== undefined) { init.headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
    return fetch('/api/games/' + encodeURIComponent(gameId) + '/seats/' + seat + path, init)
      .then(function (r) { return r.json().then(function (b) { return {ok: r.ok, body: b}; }); });
  }

  function askWhoWasABot(panel) {
    var box = el('section', 'guess');
    box.id = 'guess';
    panel.appendChild(box);
    var load = guessing || api('GET', '/guesses');
    guessing = load;
    load.then(function (res) {
      guessing = res.body.answered ? load : null;
      if (!res.ok) { box.appendChild(el('p', 'note', tr(res.body.message) || res.body.error)); return; }
      if (res.body.answered) { drawResults(box, res.body.results); return; }
      drawGuessForm(box, res.body);
    });
  }

  function drawGuessForm(box, form) {
    box.textContent = '';
    box.appendChild(el('h3', null, w('guess_title')));
    box.appendChild(el('p', 'note', w('guess_intro')));
    var f = el('form', 'guess-form');
    f.setAttribute('data-key', 'guess');
    form.others.forEach(function (o) {
      var row = el('div', 'guess-row');
      row.setAttribute('data-seat', o.seat);
      row.appendChild(el('span', 'alias', o.seat + ' ' + tr(o.name)));
      [['human', 'human'], ['bot', 'botg']].forEach(function (pair) {
        var label = el('label');
        var r = el('input');
        r.type = 'radio'; r.name = 'g' + o.seat; r.value = pair[0];
        label.appendChild(r);
        label.appendChild(document.createTextNode(' ' + w(pair[1]) + ' '));
        row.appendChild(label);
      });
      var model = el('select');
      model.name = 'm' + o.seat;
      model.setAttribute('aria-label', w('model'));
      var none = el('option', null, w('any_model'));
      none.value = '';
      model.appendChild(none);
      form.models.forEach(function (m) { var opt = el('option', null, tr(m)); opt.value = m.id; model.appendChild(opt); });
      row.appendChild(model);
      f.appendChild(row);
    });
    restoreGuess(f);
    var submit = el('button', 'submit', w('guess_send'));
    submit.type = 'submit';
    f.appendChild(submit);
    f.addEventListener('submit', function (e) {
      e.preventDefault();
      var answers = [];
      var missing = 0;
      form.others.forEach(function (o) {
        var picked = f.querySelector('input[name="g' + o.seat + '"]:checked');
        if (!picked) { missing++; return; }
        var m = f.elements['m' + o.seat].value;
        answers.push({seat: o.seat, guess: picked.value, model: picked.value === 'bot' && m ? m : null});
      });
      if (missing) { notice(w('guess_missing', {n: missing}), true); return; }
      api('POST', '/guesses', {answers: answers}).then(function (res) {
        if (!res.ok) { notice(tr(res.body.message) || res.body.error, true); return; }
        notice('', false);
        delete drafts.guess; saveDrafts();
        guessing = Promise.resolve({ok: true, body: res.body});
        drawResults(box, res.body.results);
      });
    });
    box.appendChild(f);
  }

  function restoreGuess(f) {
    var saved = drafts.guess || {};
    Array.prototype.forEach.call(f.elements, function (c) {
      if (c.type === 'radio') c.checked = saved[c.name] === c.value;
      else if (c.name && c.name in saved) c.value = saved[c.name];
    });
    f.addEventListener('change', function (e) {
      drafts.guess = drafts.guess || {};
      drafts.guess[e.target.name] = e.target.value;
      saveDrafts();
    });
  }

  function drawResults(box, results) {
    box.textContent = '';
    box.appendChild(el('h3', null, w('guess_title')));
    box.appendChild(el('p', 'note', w('guess_thanks')));
    var table = el('table', 'guess-results');
    results.forEach(function (r) {
      var tr_ = el('tr', r.right ? 'right' : 'wrong');
      tr_.appendChild(el('td', null, r.seat + ' ' + tr(r.name)));
      tr_.appendChild(el('td', null, w('guess_yours') + '：' + w(r.guess === 'human' ? 'human' : 'botg')));
      tr_.appendChild(el('td', null, w('guess_truth') + '：' + tr(r.player)));
      tr_.appendChild(el('td', null, r.right ? '✓ ' + w('guess_right') : '✗ ' + w('guess_wrong')));
      table.appendChild(tr_);
    });
    box.appendChild(table);
  }

  // -- the action forms ----------------------------------------------------------------------

  function act(action, decision, key) {
    pending = key;
    send({type: 'act', action: action, decision: decision});
  }

  function field(form, label, control) {
    var l = el('label', null, label + ' ');
    l.appendChild(control);
    form.appendChild(l);
    return control;
  }

  function targetSelect(a, name, firstOnly, abstain) {
    var select = el('select');
    select.name = name;
    var placeholder = el('option', null, w('pick'));
    placeholder.value = '';
    select.appendChild(placeholder);
    if (abstain) {
      var o = el('option', 'abstain', w('abstain'));
      o.value = 'abstain';
      select.appendChild(o);
    }
    a.targets.forEach(function (t) {
      if (firstOnly && a.first_from.length && a.first_from.indexOf(t.seat) < 0) return;
      var opt = el('option', null, t[lang]);
      opt.value = t.seat;
      select.appendChild(opt);
    });
    select.value = '';
    return select;
  }

  // a draft belongs to one question of one phase: a vote chosen yesterday is never today's choice
  function formKey(a) { return a.kind + ':' + (a.skill || a.team || '') + '@' + status.day + ':' + status.phase; }

  function actionForm(a, decision) {
    var form = el('form', 'action a-' + a.kind);
    var key = formKey(a);
    form.setAttribute('data-kind', a.kind);
    form.setAttribute('data-key', key);
    if (a.skill) form.setAttribute('data-skill', a.skill);
    var title = a.kind === 'team_post' ? w('team_post', {team: a.team_name ? a.team_name[lang] : a.team})
      : a.skill_name ? a.skill_name[lang] : w(a.kind);
    form.appendChild(el('h3', null, title));
    if (a.note_text) form.appendChild(el('p', 'note', tr(a.note_text)));  // the engine's note, in the reader's words
    if (a.kind === 'team_post') teamLeft(form, a);
    var build = BUILDERS[a.kind] || BUILDERS.pass;
    var read = build(form, a);
    restore(form);
    if (a.kind === 'choose' && a.yes_no) return form;
    var submit = el('button', 'submit', a.kind === 'pass' ? w('pass') : w('send'));
    submit.type = 'submit';
    form.appendChild(submit);
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var action = read();
      if (action) act(action, decision, key);
    });
    return form;
  }

  function teamLeft(form, a) {
    var mine = me(status);
    var budget = mine ? mine.budgets.filter(function (b) { return b.what === 'team_posts' && b.team === a.team; })[0] : null;
    if (budget) form.appendChild(el('p', budget.left ? 'note' : 'error', budget.left ? tr(budget.text) : w('no_team_left')));
  }

  function textBox(form, name) {
    var box = el('textarea');
    box.name = name;
    box.maxLength = 4000;
    box.rows = 3;
    form.appendChild(box);
    return box;
  }

  function seatsPicked(form, a, title) {
    var picks = [];
    for (var i = 0; i < Math.max(a.arity, 1); i++) {
      picks.push(field(form, '#' + (i + 1), targetSelect(a, 'target' + i, i === 0, false)));
    }
    return function () {
      if (picks.some(function (p) { return p.value === ''; })) { notice(w('pick_first', {what: title}), true); return null; }
      return picks.map(function (p) { return Number(p.value); });
    };
  }

  function skillTitle(a) { return a.skill_name ? a.skill_name[lang] : w(a.kind); }

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
      var select = targetSelect(a, 'target', false, a.abstain);
      field(form, w('vote'), select);
      var reason = el('input');
      reason.name = 'reason';
      reason.maxLength = 4000;
      field(form, w('reason'), reason);
      return function () {
        if (select.value === '') { notice(w('pick_first', {what: w('vote')}), true); return null; }
        return {kind: 'vote', target: select.value === 'abstain' ? null : Number(select.value), reason: reason.value};
      };
    },
    skill: function (form, a) {
      var picked = seatsPicked(form, a, skillTitle(a));
      return function () { var t = picked(); return t && {kind: 'skill', skill: a.skill, targets: t}; };
    },
    choose: function (form, a) {
      if (a.yes_no) {
        [['yes', true], ['no', false]].forEach(function (pair) {
          var b = el('button', 'choice', w(pair[0]));
          b.type = 'button';
          b.name = pair[0];
          b.addEventListener('click', function () {
            act({kind: 'choose', skill: a.skill, use: pair[1]}, status.decision, formKey(a));
          });
          form.appendChild(b);
        });
        return function () { return null; };
      }
      var picked = seatsPicked(form, a, skillTitle(a));
      return function () { var t = picked(); return t && {kind: 'choose', skill: a.skill, targets: t}; };
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

  // -- the tabs (a phone shows one section at a time) -----------------------------------------

  function showPane(name) {
    document.querySelectorAll('.pane').forEach(function (p) { p.classList.toggle('active', p.getAttribute('data-pane') === name); });
    document.querySelectorAll('#tabs button').forEach(function (b) { b.classList.toggle('active', b.getAttribute('data-tab') === name); });
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
    if (status && status.observation) setStatus(status);
    else if (stopped) gone();
  });
  byId('leave-toggle').addEventListener('click', function () {
    send({type: status && status.controller === 'bot' ? 'back' : 'leave'});
  });
  document.querySelectorAll('#tabs button').forEach(function (b) {
    b.addEventListener('click', function () { showPane(b.getAttribute('data-tab')); });
  });
  if (!playing) {
    ['private-box', 'team-box', 'card-box', 'actions-box'].forEach(function (id) { byId(id).hidden = true; });
    ['actions', 'card', 'private', 'team'].forEach(function (t) {
      var b = document.querySelector('#tabs [data-tab=' + t + ']');
      if (b) b.hidden = true;
    });
  }
  // a new join link pasted into this tab changes only the fragment: start again with its token
  window.addEventListener('hashchange', function () { location.reload(); });
  showPane(playing ? 'actions' : 'thread');
  relabel();
  setInterval(tick, 1000);
  connect();
})();
