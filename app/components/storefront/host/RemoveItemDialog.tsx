import { useT } from '~/components/i18n';
import HostQuestionDialog from './HostQuestionDialog';

/** "Remove 3x Flat White from Cleo's order?": the host's removal, asked in the app's own dialog. */
export default function RemoveItemDialog({
  what,
  guestName,
  onRemove,
  onCancel,
}: {
  what: string;
  guestName: string;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <HostQuestionDialog
      title={t('host.remove.question', { what, guest: guestName })}
      description={t('host.remove.body', { guest: guestName })}
      answer={t('host.guests.remove')}
      answerVariant="danger"
      back={t('host.remove.keep')}
      onAnswer={onRemove}
      onCancel={onCancel}
    />
  );
}
