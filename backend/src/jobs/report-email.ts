import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { reportFigures, type AdoptionReportData } from '../services/adoption-report-data';
import { renderAdoptionReport } from '../services/adoption-report-html';
import { renderAdoptionReportText } from '../services/adoption-report-text';
import { formatCount, formatPercent } from '../services/report/format';
import type { OutgoingMail } from './mailer';
import { periodLabel, type DuePeriod, type ReportFrequency } from './periods';
import { unsubscribeUrl } from './unsubscribe-token';

const TITLES: Record<ReportFrequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** The heading of a period's report: "Weekly report, week 48 of 2026". */
export function reportHeading(frequency: ReportFrequency, period: DuePeriod): string {
  return `${TITLES[frequency]} report, ${periodLabel(frequency, period)}`;
}

/**
 * One subscriber's report mail: the shared renderer's HTML (in its e-mail
 * form: tables instead of charts, which mail clients drop) and text parts,
 * with the same figures and executive summary as the export, and the
 * subscriber's signed unsubscribe link (also as List-Unsubscribe).
 * The Message-ID is derived from subscriber and period, so a copy that ever
 * did go out twice would carry the same id and be folded by mail clients.
 */
export function composeReportEmail(opts: {
  report: AdoptionReportData;
  frequency: ReportFrequency;
  period: DuePeriod;
  subscriber: { id: number; email: string };
  unsubscribeSecret: string;
}): OutgoingMail {
  const link = unsubscribeUrl(opts.report.publicUrl, opts.unsubscribeSecret, opts.subscriber.id);
  const report = { ...opts.report, unsubscribeUrl: link };
  const f = reportFigures(report);
  return {
    to: opts.subscriber.email,
    subject: `${PRODUCT_NAME} ${opts.frequency} report, ${periodLabel(opts.frequency, opts.period)}: ${formatCount(f.mcpEnabled)} of ${formatCount(f.totalWebsites)} platforms (${formatPercent(f.adoptionRate)}) expose MCP`,
    html: renderAdoptionReport(report, { medium: 'email' }),
    text: renderAdoptionReportText(report),
    messageId: `<report-${opts.period.key}-${opts.subscriber.id}@${new URL(report.publicUrl).hostname}>`,
    headers: { 'List-Unsubscribe': `<${link}>` },
  };
}
