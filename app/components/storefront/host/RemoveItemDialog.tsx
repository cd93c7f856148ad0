import { useT } from '~/components/i18n';
import HostQuestionDialog from './HostQuestionDialog';

/** "Remove 3x Flat White from Cleo's order?": the host's removal, asked in the app's own dialog. */
export default function RemoveItemDialog({
  what,
  guestName,
  refunded,
  onRemove,
  onCancel,
}: {
  what: string;
  guestName: string;
  refunded?: boolean;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <HostQuestionDialog
      title={t('host.remove.question', { what, guest: guestName })}
      description={
        refunded
          ? t('money.refund.host.removeBody', { guest: guestName })
          : t('host.remove.body', { guest: guestName })
      }
      answer={t('host.guests.remove')}
      answerVariant="danger"
      back={t('host.remove.keep')}
      onAnswer={onRemove}
      onCancel={onCancel}
    />
  );
}
