// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchFileFormats

/// `bench report --format html`: one self-contained page to browse a run (no network, no
/// dependencies: inline CSS, inline SVG charts and a short script). It holds the answer, the
/// per-differ summary, the verdicts per scenario, every chart of the Markdown report, and a table
/// of every cell whose differs, scenarios and sizes can be chosen and whose columns sort, each
/// time coloured by its ratio to the case's yardstick as js-framework-benchmark colours its
/// results (green at 1x, yellow near 2x, red from 4x, on a log scale). Dark when the reader's
/// system is.
package enum HTMLReport {
    /// The page for `cells`.
    ///
    /// - Complexity: O(*c* log *c*) for *c* cells.
    package static func render(cells: [CellFigures], options: RankingOptions = RankingOptions()) -> String {
        let verdicts = ScenarioVerdict.verdicts(cells, options)
        let scores = DifferScore.scores(cells, options)
        let answer = Answer(verdicts: verdicts, scores: scores, cells: cells, options)
        let meta = cells.first?.meta ?? RunMetadata()
        let charts = RunReport(cells: cells, options: options).files.filter { $0.name.hasSuffix(".svg") }
        let e = SVGWriter.escape
        var html = [
            "<!DOCTYPE html>", "<html lang=\"en\"><head><meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>DiffBench: \(e(meta.runID.isEmpty ? "results" : meta.runID))</title>",
            "<style>\(style)</style></head><body>",
            "<h1>DiffBench: \(e(meta.runID.isEmpty ? "results" : meta.runID))</h1>",
            "<p class=\"meta\">\(e(meta.cpuModel)), \(meta.cpuCount) cores, \(e(meta.os)); commit "
                + "\(e(meta.gitCommit)); times are "
                + (options.time == .cpu ? "CPU time of the diffing thread" : "wall time") + " per diff.</p>"
        ]
        if let warning = RunNoise.warning(cells, cores: meta.cpuCount, time: options.time) {
            html.append("<p class=\"warning\">\(e(warning))</p>")
        }
        html.append("<h2>Which differ to use</h2>")
        for line in [answer.overall, answer.faster].compactMap({ $0 }) {
            html.append("<p class=\"answer\">\(e(line))</p>")
        }
        html.append(
            table(
                header: DifferScore.headerCells(
                    options,
                    selfReported: scores.contains {
                        $0.selfReportedScore != nil
                    }), rows: DifferScore.lines(scores, options)))
        html.append("<h2>Verdicts per scenario</h2>")
        html.append(
            table(
                header: ["scenario", "tied for fastest", "use", "why", "not ranked"],
                rows: verdicts.map {
                    [
                        $0.scenario, $0.fastest.joined(separator: ", "), $0.use, $0.recommendation,
                        $0.problems.joined(separator: "; ")
                    ]
                }))
        html.append("<h2>Every cell</h2>")
        html.append("<div id=\"filters\"></div>")
        html.append("<table id=\"cells\"><thead></thead><tbody></tbody></table>")
        html.append(
            "<p class=\"meta\">Colour: the time over the case's yardstick (its fastest correct differ "
                + "that animates fully): green at 1x, yellow near 2x, red from 4x. Click a column to sort.</p>")
        html.append("<h2>Charts</h2>")
        for chart in charts {
            // The SVG's own XML declaration has no place inside HTML.
            let body = chart.contents.replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", with: "")
            html.append("<figure>\(body)</figure>")
        }
        html.append("<script type=\"application/json\" id=\"data\">\(cellsJSON(cells, options))</script>")
        html.append("<script>\(script)</script></body></html>")
        return html.joined(separator: "\n") + "\n"
    }

    /// An HTML table of text cells.
    static func table(header: [String], rows: [[String]]) -> String {
        let e = SVGWriter.escape
        return "<table><thead><tr>" + header.map { "<th>\(e($0))</th>" }.joined() + "</tr></thead><tbody>"
            + rows.map { "<tr>" + $0.map { "<td>\(e($0))</td>" }.joined() + "</tr>" }.joined() + "</tbody></table>"
    }

    /// Every cell but `reload`'s as a JSON array, with the verdict the terminal table gives it.
    static func cellsJSON(_ cells: [CellFigures], _ options: RankingOptions) -> String {
        var objects: [String] = []
        let unit = TimeUnit(name: "ns", scale: 1)
        for group in Ranking.byCase(cells) {
            let yard = Ranking.yardstick(group, options)
            let tied = Ranking.tiedFastest(group, options), close = Ranking.closeToFastest(group, options)
            let undecided = Ranking.undecidedWithFastest(group, options)
            for cell in group where !cell.isBaseline {
                let line = ResultTable.line(
                    cell, yardstick: yard, tied: tied, undecided: undecided, close: close,
                    unit: unit, options: options
                ).line
                let time = cell.time(options.time)
                // The terminal's ratio (per round for cells timed side by side) and its text, so that
                // the page shows what the table shows and sorts by the number.
                let ratio = line[6] == "-" ? nil : yard.flatMap { Ranking.ratio(cell, over: $0, options.time)?.value }
                let ci = time.flatMap { t in t.median > 0 ? (t.ciHigh - t.ciLow) / 2 / t.median * 100 : nil }
                func number(_ value: Double?) -> String {
                    value.map { $0.isFinite ? ResultsCSV.number($0) : "null" } ?? "null"
                }
                objects.append(
                    "{\"algorithm\":\(string(cell.algorithm)),\"scenario\":\(string(cell.scenarioLabel)),"
                        + "\"size\":\(cell.size),\"sections\":\(cell.sections),\"time\":\(number(time?.median)),"
                        + "\"ci\":\(number(ci)),\"ciText\":\(string(line[5])),\"ratio\":\(number(ratio)),"
                        + "\"ratioText\":\(string(line[6])),"
                        + "\"relocations\":\(number(cell.relocations)),\"minimum\":\(number(cell.minimum)),"
                        + "\"identity\":\(number(cell.identity)),\"verdict\":\(string(line[9]))}")
            }
        }
        return "[" + objects.joined(separator: ",\n") + "]"
    }

    /// A JSON string literal that is safe inside a `<script>` element.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static let style = """
        :root{color-scheme:light dark;--ink:#1b1f24;--muted:#57606a;--card:#fff;--line:#d0d7de;--head:#f6f8fa}
        @media (prefers-color-scheme:dark){:root{--ink:#e6edf3;--muted:#9198a1;--card:#0d1117;--line:#30363d;\
        --head:#161b22}}
        body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:var(--ink);\
        background:var(--card);margin:24px auto;max-width:1200px;padding:0 16px}
        table{border-collapse:collapse;margin:8px 0 16px;font-variant-numeric:tabular-nums}
        th,td{border:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
        th{background:var(--head)}th.sortable{cursor:pointer;user-select:none}
        table{display:block;max-width:100%;overflow-x:auto}
        td.num{text-align:right;white-space:nowrap}.meta{color:var(--muted)}
        .warning{font-weight:bold}.answer{font-size:15px}
        #filters fieldset{display:inline-block;border:1px solid var(--line);margin:0 8px 8px 0;vertical-align:top}
        #filters label{display:inline-block;margin-right:8px;white-space:nowrap}
        figure{margin:12px 0}figure svg{max-width:100%;height:auto}
        """

    static let script = """
        (function(){
        var cells=JSON.parse(document.getElementById('data').textContent);
        var keys=['algorithm','scenario','size','time','ci','ratio','relocations','minimum','identity','verdict'];
        var names=['algorithm','scenario','size','time','±CI','x fastest','relocations','minimum',
          'identity','verdict'];
        var filters={algorithm:{},scenario:{},size:{}};var sortKey='scenario',ascending=true;
        function unique(k){var seen=[];
          cells.forEach(function(c){if(seen.indexOf(c[k])<0)seen.push(c[k]);});return seen;}
        var box=document.getElementById('filters');
        ['algorithm','scenario','size'].forEach(function(k){
          var set=document.createElement('fieldset');var legend=document.createElement('legend');
          legend.textContent=k==='algorithm'?'differs':k+'s';set.appendChild(legend);
          unique(k).forEach(function(v){filters[k][v]=true;var label=document.createElement('label');
            var input=document.createElement('input');input.type='checkbox';input.checked=true;
            input.onchange=function(){filters[k][v]=input.checked;draw();};
            label.appendChild(input);label.appendChild(document.createTextNode(' '+v));set.appendChild(label);});
          box.appendChild(set);});
        function time(ns){if(ns===null)return '-';var u=[[1e9,'s'],[1e6,'ms'],[1e3,'µs'],[1,'ns']];
          for(var i=0;i<u.length;i++){if(ns>=u[i][0]||i===u.length-1){var v=ns/u[i][0];
            return (v<10?v.toFixed(2):v<100?v.toFixed(1):Math.round(v))+' '+u[i][1];}}}
        function colour(r){if(r===null)return '';var t=Math.max(0,Math.min(1,Math.log(r)/Math.log(4)));
          var a=[99,190,123],b=[255,235,132],c=[248,105,107],p=t<0.5?a:b,q=t<0.5?b:c,s=t<0.5?t*2:(t-0.5)*2;
          return 'rgb('+[0,1,2].map(function(i){return Math.round(p[i]+(q[i]-p[i])*s);}).join(',')+')';}
        function text(c,k){var v=c[k];if(k==='time')return time(v);if(k==='ratio')return c.ratioText;
          if(k==='ci')return c.ciText;
          if(k==='identity')return v===null?'-':(v*100).toFixed(1)+'%';if(v===null)return '-';return String(v);}
        var head=document.querySelector('#cells thead'),body=document.querySelector('#cells tbody');
        var tr=document.createElement('tr'),heads=[];keys.forEach(function(k,i){var th=document.createElement('th');
          th.textContent=names[i];th.className='sortable';
          th.onclick=function(){ascending=sortKey===k?!ascending:true;sortKey=k;draw();};
          heads.push(th);tr.appendChild(th);});head.appendChild(tr);
        function draw(){body.textContent='';
          heads.forEach(function(th,i){th.textContent=names[i]+(keys[i]===sortKey?(ascending?' ▲':' ▼'):'');
            th.setAttribute('aria-sort',keys[i]===sortKey?(ascending?'ascending':'descending'):'none');});
          var shown=cells.filter(function(c){return filters.algorithm[c.algorithm]&&filters.scenario[c.scenario]
            &&filters.size[c.size];});
          shown.sort(function(x,y){var a=x[sortKey],b=y[sortKey];if(a===b)return 0;if(a===null)return 1;
            if(b===null)return -1;return (a<b?-1:1)*(ascending?1:-1);});
          shown.forEach(function(c){var row=document.createElement('tr');
            row.className='cell';
            keys.forEach(function(k){var td=document.createElement('td');td.textContent=text(c,k);
              if(['size','time','ratio','relocations','minimum','identity'].indexOf(k)>=0)td.className='num';
              if(k==='time'||k==='ratio'){var bg=colour(c.ratio);
                if(bg){td.style.background=bg;td.style.color='#1b1f24';}}
              row.appendChild(td);});body.appendChild(row);});}
        draw();})();
        """
}
