import { Badge } from '@mantine/core';
import { methodColor } from './format';

/** An HTTP method as a colour-coded badge (GET blue, POST green, PUT yellow, others red). */
export function MethodBadge({ method }: { method: string }) {
  const color = methodColor(method);
  return (
    <Badge color={color} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {method}
    </Badge>
  );
}
