import { data } from '@remix-run/node';
import { DomainError } from './lib/errors';
import { statusOf } from './lib/http.server';
import { sayWith } from './lib/sentences.server';
import { pageLanguage } from './i18n.server';
import { declineInvitation } from './models/groupOrder/invitees.server';

/**
 * The "I'm not ordering this time" form post, for the join screen and the e-mail link's page alike:
 * {declined: true} (also when said before), or {error, intent} with the refusal's status and sentence,
 * said in the page's language.
 */
export async function answerNotOrdering(request: Request, shop: string, token: string) {
  try {
    await declineInvitation(shop, token);
    return data({ declined: true as const });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const said = sayWith(await pageLanguage(request, shop))(error.sentence ?? error.message);
    return data({ error: said, intent: 'not-ordering' as const }, { status: statusOf(error) });
  }
}
