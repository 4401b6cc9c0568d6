import { InfoCardGrid, type InfoCardItem } from './InfoCardGrid';

const BARRIERS: InfoCardItem[] = [
  {
    title: 'Security and trust',
    text: 'Letting autonomous agents call production APIs raises questions of authorisation, abuse and prompt injection that many teams have not settled.',
  },
  {
    title: 'Authentication',
    text: 'Enterprise platforms need OAuth flows, scopes and audit trails; the protocol’s authorisation story is still maturing.',
  },
  {
    title: 'Unclear return',
    text: 'Agent traffic is hard to attribute and monetise, so the business case competes with other roadmap items.',
  },
  {
    title: 'Protocol churn',
    text: 'Transports and discovery conventions have changed between protocol versions, which makes some teams wait for stability.',
  },
];

export function AdoptionBarriersTab() {
  return <InfoCardGrid items={BARRIERS} />;
}
