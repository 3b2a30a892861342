import { SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type ReviewBody, ReviewBodySchema } from '@shared/schemas/requirements';
import type { UseMutationResult } from '@tanstack/react-query';
import { BusyModal, ModalActions } from '../../../kit/FormModal/FormModal';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';

type Result = ReviewBody['result'];

interface ReviewModalProps {
  /** "UR-3", "SR-12". */
  code: string;
  title: string;
  id: string;
  version: number;
  /** Which button opened it; the reviewer may still switch. */
  initialResult: Result;
  review: UseMutationResult<unknown, Error, ReviewBody>;
  onClose: () => void;
}

/** Pass or reject with a comment; rejecting needs one (ReviewBodySchema says so). */
export function ReviewModal({ code, title, id, version, initialResult, review, onClose }: ReviewModalProps) {
  const form = useForm<{ result: Result; comment: string }>({
    initialValues: { result: initialResult, comment: '' },
    validate: (values) => zodResolver(ReviewBodySchema)({ id, version, ...values }),
  });
  const result = form.getValues().result;

  const submit = form.onSubmit((values) => {
    review.mutate(
      { id, version, result: values.result, comment: values.comment.trim() },
      {
        onSuccess: () => {
          notifications.show({
            color: values.result === 'pass' ? 'green' : 'orange',
            message: `${code} ${values.result === 'pass' ? 'passed review' : 'rejected'}`,
          });
          onClose();
        },
        onError: (error) => showServerFieldError(form, error),
      },
    );
  });

  return (
    <BusyModal opened busy={review.isPending} onClose={onClose} title={`Review ${code} ${title}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SegmentedControl
            aria-label="Review result"
            data={[
              { value: 'pass', label: 'Pass' },
              { value: 'reject', label: 'Reject' },
            ]}
            color={result === 'pass' ? 'green' : 'red'}
            value={result}
            onChange={(value) => {
              form.setFieldValue('result', value as Result);
              form.clearFieldError('comment');
            }}
          />
          <Text size="sm" c="dimmed">
            {result === 'pass'
              ? 'It becomes reviewed: its content then changes only through the change action.'
              : 'It goes back to its author, who edits it to resubmit it.'}
          </Text>
          <Textarea
            data-autofocus
            label="Comment"
            description={result === 'reject' ? 'Say why, so the author knows what to fix.' : 'Optional.'}
            withAsterisk={result === 'reject'}
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('comment')}
          />
          <ModalActions
            onCancel={onClose}
            pending={review.isPending}
            label={result === 'pass' ? 'Pass review' : 'Reject'}
            color={result === 'pass' ? 'green' : 'red'}
          />
        </Stack>
      </form>
    </BusyModal>
  );
}
