// The replay list: each game's start in this browser's time zone, and the host's "resume" button
// (it sends the host's key, kept by the lobby, in the X-Host-Key header; without one it says where
// to enter it). Text is inserted with textContent only.
'use strict';
(function () {
  var lang = document.body.getAttribute('data-lang') || 'zh';
  var WORDS = {
    zh: {resumed: '已续局：', watch: '观战', lobby: '大厅', no_key: '续局需要房主密钥：请先打开大厅输入。'},
    en: {resumed: 'Resumed: ', watch: 'watch', lobby: 'lobby', no_key: 'Resuming needs the host key: open the lobby and enter it first.'}
  };
  function w(k) { return WORDS[lang][k]; }
  function pad(n) { return (n < 10 ? '0' : '') + n; }

  document.querySelectorAll('time[datetime]').forEach(function (t) {
    var d = new Date(t.getAttribute('datetime'));
    if (isNaN(d.getTime())) return;
    t.textContent = d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) + ' ' +
      pad(d.getHours()) + ':' + pad(d.getMinutes());
    t.title = t.getAttribute('datetime');
  });

  var note = document.getElementById('resume-note');
  function say(text, href) {
    note.textContent = text;
    if (href) {
      var a = document.createElement('a');
      a.href = href;
      a.textContent = href === '/' ? w('lobby') : w('watch');
      note.appendChild(a);
    }
    note.hidden = false;
  }

  document.querySelectorAll('button.resume').forEach(function (b) {
    b.addEventListener('click', function () {
      var key = localStorage.getItem('arena-host-key');
      if (!key) { say(w('no_key'), '/'); return; }
      var game = b.getAttribute('data-game');
      fetch('/api/games/' + encodeURIComponent(game) + '/resume', {method: 'POST', headers: {'X-Host-Key': key}})
        .then(function (r) { return r.json().then(function (body) { return {ok: r.ok, body: body}; }); })
        .then(function (res) {
          if (!res.ok) { say((res.body.message && res.body.message[lang]) || res.body.error); return; }
          b.remove();
          say(w('resumed') + game + ' · ', res.body.watch);
        });
    });
  });
})();
