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
          <h2 className="font-semibold">{item.title}</h2>
          <p className="mt-1 text-sm text-muted">{item.text}</p>
        </Card>
      ))}
    </ul>
  );
}
