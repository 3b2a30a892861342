/**
 * Counts what a process asks of DynamoDB: calls (round trips), items returned and response bytes,
 * by attaching a middleware to the one client (functions/src/core/db/client.ts). Benches reset it
 * around the request they measure.
 */
export interface DynamoMeter {
  calls: number;
  items: number;
  bytes: number;
  byCommand: Map<string, number>;
  reset(): void;
}

type Output = {
  Item?: unknown;
  Items?: unknown[];
  Responses?: Record<string, unknown[]>;
};

export async function meterDynamo(): Promise<DynamoMeter> {
  const { ddb } = await import('../../../functions/src/core/db/client');
  const meter: DynamoMeter = {
    calls: 0,
    items: 0,
    bytes: 0,
    byCommand: new Map(),
    reset() {
      meter.calls = 0;
      meter.items = 0;
      meter.bytes = 0;
      meter.byCommand.clear();
    },
  };
  // Calls and items from the finished output (initialize step: the outermost, so the output is
  // complete); bytes from the raw response, which only the deserialize step still sees.
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const name = context.commandName ?? 'unknown';
      meter.calls += 1;
      meter.byCommand.set(name, (meter.byCommand.get(name) ?? 0) + 1);
      const output = (result.output ?? {}) as Output;
      meter.items +=
        (output.Item ? 1 : 0) +
        (output.Items?.length ?? 0) +
        Object.values(output.Responses ?? {}).reduce((n, list) => n + list.length, 0);
      return result;
    },
    { step: 'initialize', name: 'benchDynamoMeterItems' },
  );
  ddb.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const response = result.response as { headers?: Record<string, string> } | undefined;
      meter.bytes += Number(response?.headers?.['content-length'] ?? 0);
      return result;
    },
    { step: 'deserialize', name: 'benchDynamoMeterBytes' },
  );
  return meter;
}
