import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from '../ui';

/**
 * A question the host answers in the app's own dialog, never the browser's confirm() box: a title, a
 * sentence on what happens, anything the question needs shown, then the answer and a way back.
 */
export default function HostQuestionDialog({
  title,
  description,
  children,
  answer,
  answerVariant,
  back,
  onAnswer,
  onCancel,
}: {
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  answer: string;
  answerVariant?: 'danger';
  back: string;
  onAnswer: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog host-submit-dialog">
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="muted small">{description}</Dialog.Description>
          {children}
          <div className="stack host-submit-dialog__actions">
            <Button variant={answerVariant} className="btn--block" onClick={onAnswer}>
              {answer}
            </Button>
            <Dialog.Close className="btn btn--secondary btn--block">{back}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
