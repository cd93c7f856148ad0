import { Autocomplete } from '@shopify/polaris';
import { useMemo, useState } from 'react';
import { useT } from '~/components/i18n';
import { filterTimeZones, type TimeZoneOption } from '~/lib/timeZones';

/**
 * The shop's time zone, found by typing part of its name or offset ("sydney", "GMT+10") instead of
 * scrolling a list of ~400 names. Each choice shows its current offset: "Australia/Sydney (GMT+11)".
 */
export function TimeZoneField({
  options,
  value,
  onChange,
  error,
}: {
  options: TimeZoneOption[];
  value: string;
  onChange: (zone: string) => void;
  error?: string;
}) {
  const t = useT();
  const labelOf = (zone: string) => options.find((option) => option.value === zone)?.label ?? zone;
  const [text, setText] = useState(() => labelOf(value));
  const [typing, setTyping] = useState(false);
  const shown = useMemo(() => filterTimeZones(options, typing ? text : ''), [options, text, typing]);
  return (
    <Autocomplete
      options={shown}
      selected={[value]}
      onSelect={([zone]) => {
        if (!zone) return;
        onChange(zone);
        setText(labelOf(zone));
        setTyping(false);
      }}
      emptyState="No time zone matches. Try a city, such as Sydney, or an offset, such as GMT+10."
      textField={
        <Autocomplete.TextField
          label={t('admin.settings.timeZone')}
          value={text}
          onChange={(typed) => {
            setText(typed);
            setTyping(true);
          }}
          onBlur={() => {
            setText(labelOf(value));
            setTyping(false);
          }}
          autoComplete="off"
          helpText={t('admin.settings.timeZoneHelp')}
          error={error}
        />
      }
    />
  );
}
