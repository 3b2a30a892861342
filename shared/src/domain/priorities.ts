/** Priority levels (spec section 9): a value and a colour. */
export const PRIORITIES = [
  { id: 1, value: 'urgent', label: 'Urgent', color: 'red' },
  { id: 2, value: 'high', label: 'High', color: 'orange' },
  { id: 3, value: 'normal', label: 'Normal', color: 'blue' },
  { id: 4, value: 'low', label: 'Low', color: 'green' },
] as const;

export type PriorityValue = (typeof PRIORITIES)[number]['value'];
