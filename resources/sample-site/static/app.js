/* global document, location, fetch */
// Northwind garden planner: renders the view for location.pathname from /api/app-data.json.
(function () {
  var root = document.getElementById('root');
  fetch('/api/app-data.json')
    .then(function (r) { return r.json(); })
    .then(function (data) {
      var view = data.views[location.pathname];
      if (!view) { root.textContent = 'This planner page does not exist.'; return; }
      document.title = view.title;
      var h1 = document.createElement('h1');
      h1.textContent = view.h1;
      root.appendChild(h1);
      view.paragraphs.forEach(function (text) {
        var p = document.createElement('p');
        p.textContent = text;
        root.appendChild(p);
      });
      var list = document.createElement('ul');
      view.links.forEach(function (l) {
        var li = document.createElement('li');
        var a = document.createElement('a');
        a.setAttribute('href', l.href);
        a.textContent = l.text;
        li.appendChild(a);
        list.appendChild(li);
      });
      root.appendChild(list);
    });
})();
