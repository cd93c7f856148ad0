import { initialsOf } from '~/lib/hostText';

const COLOURS = ['#6f3b1e', '#2f6f4e', '#1f4f8f', '#8a3b6f', '#a15c07', '#3f5f7a'];

/** The customer's picture, or their initials on a colour picked from their name. */
export function Avatar({
  name,
  imageUrl,
  size = 56,
}: {
  name: string;
  imageUrl?: string | null;
  size?: number;
}) {
  if (imageUrl) {
    return <img className="host-avatar" src={imageUrl} alt="" width={size} height={size} />;
  }
  const hash = [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  const initials = initialsOf(name.replace(/@.*/, '').replace(/[._-]+/g, ' ')) || '?';
  return (
    <span
      className="host-avatar host-avatar--initials"
      style={{ width: size, height: size, background: COLOURS[hash % COLOURS.length], fontSize: size * 0.38 }}
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}
