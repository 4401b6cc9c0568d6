import { Card } from '../ui/Card';

export interface InfoCardItem {
  title: string;
  text: string;
}

export function InfoCardGrid({ items }: { items: readonly InfoCardItem[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {items.map((item) => (
        <Card as="li" key={item.title}>
          <h4 className="font-semibold">{item.title}</h4>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{item.text}</p>
        </Card>
      ))}
    </ul>
  );
}
