/** report.html's stylesheet and script: inline, since the page loads nothing (its CSP forbids it). */

export const CSS = `
:root{--pass:#2e7d32;--fail:#c62828;--skip:#8d6e00;--block:#b26a00;--mut:#5f6368;--line:#dadce0;--bg:#f8f9fa}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:0;color:#202124;background:#fff;overflow-wrap:anywhere}
[id]{scroll-margin-top:8rem}
table.causes{width:100%;border-collapse:collapse;margin:6px 0 12px;font-size:13px}
table.causes,table.causes *{overflow-wrap:normal;word-break:normal}
table.causes th,table.causes td{border:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
table.causes th{background:var(--bg);white-space:nowrap}
table.causes td.lvl,table.causes td.num{white-space:nowrap}table.causes td.num{text-align:right}
table.causes code{font-size:12px}table.causes ul.ops{margin:2px 0;padding-left:16px}
@media (max-width:700px){table.causes,table.causes tbody,table.causes tr,table.causes td{display:block;width:auto}
table.causes thead{display:none}table.causes tr{border:1px solid var(--line);border-left:4px solid var(--fail);border-radius:6px;margin:6px 0;padding:4px 8px}
table.causes td{border:0;padding:1px 0}table.causes td.num{text-align:left}
table.causes td::before{content:attr(data-label) ": ";color:var(--mut);font-size:12px}}
details.rule.strict{border-color:#f3dfb3;border-left-color:var(--block);background:#fffbf0}
.strict-mark{font-size:11px;border-radius:4px;padding:0 4px;margin-left:4px;background:#fff3cd;color:#6b4e00}
dd.other{color:#6b4e00}
mark{background:#fff3a8}mark.at{background:#ffe08a;outline:1px solid #e0a800}
.meta.lacks{color:var(--block);font-weight:600}
#to-complete{border:1px solid #f3dfb3;border-left:4px solid var(--block);border-radius:6px;padding:.25em 1em;margin:12px 0;background:#fffdf6}
li.supply{margin:4px 0}li.supply .why{margin-left:0}
code.row{font-size:12.5px}
.known{font-size:11px;border-radius:4px;padding:0 4px;margin-left:4px;background:#fff3cd;color:#6b4e00}
.new{font-size:11px;border-radius:4px;padding:0 4px;margin-left:4px;background:#fdecea;color:var(--fail)}
table.quote{border-collapse:collapse;font-size:13px}table.quote td{border:1px solid var(--line);padding:2px 6px}
header{padding:12px 24px;border-bottom:1px solid var(--line);background:var(--bg)}
h1{font-size:19px;margin:0 0 4px}
.verdict{display:inline-block;padding:2px 10px;border-radius:12px;color:#fff;font-weight:600}
.verdict.conforms{background:var(--pass)}.verdict.does-not-conform{background:var(--fail)}.verdict.incomplete{background:var(--block)}
.meta{color:var(--mut);font-size:13px}
.meta code{font-size:12px}
#bar{position:sticky;top:0;background:#fff;padding:8px 24px;border-bottom:1px solid var(--line);z-index:2;display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center}
#q{width:340px;max-width:100%;padding:4px 8px;font:inherit;border:1px solid #bdc1c6;border-radius:4px}
#bar fieldset{display:inline-block;border:0;margin:0;padding:0}
#bar label{margin-right:8px;cursor:pointer;font-size:13px}
#shown{color:var(--mut);font-size:13px}
main{padding:4px 24px 24px;max-width:1280px;min-width:0}
@media (max-width:600px){main,header,#bar{padding-left:10px;padding-right:10px}.why{margin-left:0}}
h2{font-size:17px;margin:16px 0 6px}
h3{font-size:14.5px;margin:14px 0 4px}
.ok{color:var(--pass);font-weight:600}
#record-changes{border:2px solid var(--fail);border-radius:6px;padding:.25em 1em;margin-bottom:1em}
ul.steps{margin:4px 0;padding-left:20px}
details.rule{border:1px solid #f5c6c2;border-left:4px solid var(--fail);border-radius:6px;margin:6px 0;padding:4px 10px;background:#fffafa}
details.rule.should{border-color:#f3dfb3;border-left-color:var(--skip);background:#fffdf6}
details.rule>summary{cursor:pointer}
.n{color:var(--mut);font-size:12.5px}
.one{margin:2px 0 0 18px;color:#3c4043;font-size:13px}
details.check{border-top:1px solid var(--line);margin:6px 0 0;padding:4px 0 2px}
details.check>summary{cursor:pointer}
.st{display:inline-block;min-width:58px;font-size:11px;font-weight:700;text-transform:uppercase}
.st.passed{color:var(--pass)}.st.failed{color:var(--fail)}.st.skipped{color:var(--skip)}.st.blocked{color:var(--block)}.st.not-applicable{color:var(--skip)}
.lv{font-size:11px;border:1px solid var(--line);border-radius:4px;padding:0 4px;margin-right:4px;color:var(--mut)}
.id{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12.5px}
.ep{color:var(--mut)}
.why{color:var(--mut);font-size:13px;margin-left:62px}
.evidence{margin:6px 0 6px 4px}
.evidence dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 8px}
.evidence dt{color:var(--mut)}
.evidence dd{margin:0}
blockquote{margin:4px 0;padding:2px 10px;border-left:3px solid var(--line);color:#3c4043}
.exp{color:var(--pass)}.act{color:var(--fail)}
.exchange{border:1px solid var(--line);border-radius:4px;margin:6px 0;background:#fff}
.exchange h4{margin:0;padding:4px 8px;background:var(--bg);font:600 12.5px ui-monospace,"DejaVu Sans Mono",monospace;word-break:break-all}
.exchange.failing{border-color:#e8a19b}
.http{padding:0 5px;border-radius:3px;color:#fff}
.http.expected{background:var(--pass)}.http.unexpected{background:var(--fail)}
.cols{display:grid;grid-template-columns:1fr 1fr}
@media (max-width:900px){.cols{grid-template-columns:1fr}}
pre{position:relative;margin:0;padding:6px 8px;font:12px/1.4 ui-monospace,"DejaVu Sans Mono",monospace;white-space:pre-wrap;word-break:break-all;max-height:260px;overflow:auto}
pre.res{border-left:1px dashed var(--line)}
.curl{display:flex;gap:8px;align-items:flex-start;border-bottom:1px solid var(--line);background:#f1f3f4;padding:4px 8px}
.curl code{flex:1;font:12px/1.4 ui-monospace,"DejaVu Sans Mono",monospace;white-space:pre-wrap;word-break:break-all}
.curl button{font-size:11px}
table.grid{border-collapse:collapse;margin:6px 0 12px}
table.grid th,table.grid td{border:1px solid var(--line);padding:3px 10px;text-align:right}
table.grid th:first-child,table.grid td:first-child{text-align:left}
table.grid td.n-failed.nz{background:#fdecea;color:var(--fail);font-weight:600}
table.grid td.n-passed.nz{color:var(--pass)}
table.grid td.n-skipped.nz{color:var(--skip)}
table.grid td.off{background:#fdecea}
table.grid tfoot td{font-weight:600}
.row{padding:2px 0}
.group{margin-bottom:8px}
details.passed>summary{cursor:pointer;color:var(--pass);font-size:13px}
[hidden]{display:none!important}
`;

/**
 * Filters: status and level boxes and a search over rule id, endpoint and text. The query lives in
 * the URL's hash (#q=…), so a link can point at one rule. Every `.row` (a check, a blocked step) is
 * shown or hidden; a container is hidden when nothing in it shows; the count is of the checks
 * under "All checks", one row each.
 */
export const JS = `
(function(){
  var q=document.getElementById('q');
  var boxes=document.querySelectorAll('#bar input[type=checkbox]');
  function fromHash(){var h=location.hash;if(h.indexOf('#q=')!==0)return null;try{return decodeURIComponent(h.slice(3));}catch(e){return h.slice(3);}}
  function apply(){
    var on={status:{},level:{}};
    boxes.forEach(function(b){on[b.name][b.value]=b.checked;});
    var words=q.value.toLowerCase().split(/\\s+/).filter(Boolean);
    document.querySelectorAll('.row').forEach(function(r){
      var text=r.getAttribute('data-search')||'';
      var vis=on.status[r.dataset.status]!==false&&on.level[r.dataset.level]!==false&&words.every(function(w){return text.indexOf(w)>=0;});
      r.hidden=!vis;
    });
    document.querySelectorAll('[data-holds]').forEach(function(c){c.hidden=!c.querySelector('.row:not([hidden])');});
    document.querySelectorAll('details.passed').forEach(function(d){if(words.length)d.open=!!d.querySelector('.row:not([hidden])');});
    var all=document.querySelectorAll('#all .row'),shown=0;
    all.forEach(function(r){if(!r.hidden)shown++;});
    document.getElementById('shown').textContent='showing '+shown+' of '+all.length+' checks';
    // every heading's count follows the search and the filters: the rows it holds that show
    var filtered=words.length>0||[].some.call(boxes,function(b){return !b.checked;});
    document.querySelectorAll('[data-holds]').forEach(function(c){
      var cnt=c.querySelector('.cnt');if(!cnt)return;
      cnt.textContent=filtered?' ('+c.querySelectorAll('.row:not([hidden])').length+' shown)':'';
    });
  }
  q.addEventListener('input',function(){
    history.replaceState(null,'',q.value?'#q='+encodeURIComponent(q.value):location.pathname+location.search);
    apply();
  });
  window.addEventListener('hashchange',function(){var v=fromHash();if(v!==null){q.value=v;apply();}});
  boxes.forEach(function(b){b.addEventListener('change',apply);});
  document.querySelectorAll('.curl button').forEach(function(b){
    b.addEventListener('click',function(){
      var text=b.parentNode.querySelector('code').textContent;
      if(navigator.clipboard){navigator.clipboard.writeText(text).then(function(){b.textContent='copied';},function(){b.textContent='select it';});}
    });
  });
  // a failing value marked in a body sits in view of its box once the box shows
  function reveal(root){
    root.querySelectorAll('pre mark.at').forEach(function(m){
      var pre=m.parentNode;while(pre&&pre.tagName!=='PRE')pre=pre.parentNode;
      if(pre&&pre.offsetParent!==null)pre.scrollTop=Math.max(0,m.offsetTop-24);
    });
  }
  document.querySelectorAll('details').forEach(function(d){d.addEventListener('toggle',function(){if(d.open)reveal(d);});});
  var v=fromHash();if(v!==null)q.value=v;
  apply();
  reveal(document);
})();
`;
