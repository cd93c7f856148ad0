// The message files, one per language and area (ICU MessageFormat). An area is a part of the product
// that loads its messages together: a storefront page is sent `guest` and `host`, the embedded admin
// `admin`; `mail` and `print` stay on the server (e-mails; labels, order sheets, the prep board), and so
// does `api`: the sentences the storefront API refuses with (lib/sentences.server.ts).
import enGuest from './en/guest.json';
import enHost from './en/host.json';
import enMail from './en/mail.json';
import enPrint from './en/print.json';
import enAdmin from './en/admin.json';
import enApi from './en/api.json';
import frGuest from './fr/guest.json';
import frHost from './fr/host.json';
import frMail from './fr/mail.json';
import frPrint from './fr/print.json';
import frAdmin from './fr/admin.json';
import frApi from './fr/api.json';
import deGuest from './de/guest.json';
import deHost from './de/host.json';
import deMail from './de/mail.json';
import dePrint from './de/print.json';
import deAdmin from './de/admin.json';
import deApi from './de/api.json';
import type { Language } from '~/lib/language';

export const AREAS = ['guest', 'host', 'mail', 'print', 'admin', 'api'] as const;
export type Area = (typeof AREAS)[number];
type Catalog = Record<string, string>;

export const CATALOGS: Record<Language, Record<Area, Catalog>> = {
  en: { guest: enGuest, host: enHost, mail: enMail, print: enPrint, admin: enAdmin, api: enApi },
  fr: { guest: frGuest, host: frHost, mail: frMail, print: frPrint, admin: frAdmin, api: frApi },
  de: { guest: deGuest, host: deHost, mail: deMail, print: dePrint, admin: deAdmin, api: deApi },
};

/** The English messages of every area in one object (the reference every language is checked against). */
export const english: Catalog = Object.assign({}, ...AREAS.map((area) => CATALOGS.en[area]));
