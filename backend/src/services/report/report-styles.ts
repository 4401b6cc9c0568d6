/**
 * The report's stylesheet (inline: the report is one self-contained file and
 * its CSP allows no remote assets). Meaning never depends on a background
 * colour: browsers drop backgrounds when printing, so rules, borders and
 * weight carry the structure. Print: A4 pages, page breaks between the big
 * sections, no table row or chart split across pages.
 */
export const REPORT_CSS = `
*{box-sizing:border-box}
html{color-scheme:light}
body{margin:0;padding:32px 24px 48px;color:#111827;background:#fff;font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;-webkit-text-size-adjust:100%}
.report{max-width:860px;margin:0 auto}
a{color:#1d4ed8}
.masthead{display:flex;align-items:center;gap:14px;padding-bottom:14px;border-bottom:3px solid #1d4ed8}
.masthead svg{flex:none}
.brand{margin:0;font-size:13px;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#1d4ed8}
h1{margin:2px 0 0;font-size:26px;line-height:1.2;color:#111827}
.meta{margin:10px 0 0;color:#4b5563;font-size:13px}
.meta strong{color:#111827}
h2{margin:0 0 10px;font-size:19px;line-height:1.3;color:#111827;padding-bottom:4px;border-bottom:1px solid #d1d5db}
h3{margin:18px 0 6px;font-size:15px}
section{margin-top:30px}
.summary{margin:18px 0 0;padding:2px 0 2px 16px;border-left:4px solid #1d4ed8;font-size:16px;line-height:1.6}
.summary p{margin:0 0 6px}
.kpis{width:100%;border-collapse:separate;border-spacing:0;margin:18px 0 6px;table-layout:fixed}
.kpis td{padding:12px 14px;border:1px solid #d1d5db;border-left-width:0;vertical-align:top}
.kpis td:first-child{border-left-width:1px}
.kpi-label{display:block;font-size:11px;font-weight:600;letter-spacing:.05em;text-transform:uppercase;color:#4b5563}
.kpi-value{display:block;margin:2px 0;font-size:26px;font-weight:700;line-height:1.2;font-variant-numeric:tabular-nums;color:#111827}
.kpi-note{display:block;font-size:12px;color:#374151}
table{width:100%;border-collapse:collapse;margin:8px 0 6px;font-size:14px}
th,td{padding:6px 8px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top;overflow-wrap:anywhere}
thead th{border-bottom:2px solid #374151;font-size:12px;font-weight:600;letter-spacing:.03em;text-transform:uppercase;color:#374151}
tbody th{font-weight:600}
.sites th:nth-child(n+5),.sites td:nth-child(n+5){white-space:nowrap;overflow-wrap:normal}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;overflow-wrap:normal}
table.severity{width:auto;min-width:300px}
figure{margin:12px 0 4px}
figure svg{display:block;width:100%;height:auto}
figcaption{margin-top:4px;color:#4b5563;font-size:13px}
.note{color:#4b5563;font-size:13px}
.methodology li{margin-bottom:4px}
.disclaimer{margin-top:12px;padding:10px 12px;border:1px solid #b45309;color:#111827;font-size:14px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
footer{margin-top:32px;padding-top:10px;border-top:1px solid #d1d5db;color:#4b5563;font-size:12px}
@page{size:A4;margin:16mm 14mm 18mm}
@media print{
body{padding:0;font-size:10.5pt}
.report{max-width:none}
a{color:inherit;text-decoration:none}
.page-break{break-before:page}
h2,h3{break-after:avoid}
figure,.kpis,.summary,.disclaimer,tr{break-inside:avoid}
thead{display:table-header-group}
.sites{font-size:9pt}
}
`;
