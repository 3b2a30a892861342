/**
 * Sending a job to a group's SQS queue (cloud only; imported on first use by core/jobs/jobs.ts,
 * so a function that never queues work does not carry the SQS client).
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../config';
import type { QueuedJob } from './jobs';

let client: SQSClient | undefined;

export async function sendToQueue(queueUrl: string, job: QueuedJob, delaySeconds: number): Promise<void> {
  client ??= new SQSClient({ region: config.region });
  await client.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(job),
      ...(delaySeconds > 0 ? { DelaySeconds: delaySeconds } : {}),
    }),
  );
}
