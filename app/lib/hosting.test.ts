import { describe, expect, it } from 'vitest';
import { wordsFor } from '~/i18n.server';
import {
  CreateGroupOrderSchema,
  fieldErrorsOf,
  hostActionError,
  initialsOf,
  maskEmail,
  pickupNoticeMessage,
  splitEmailList,
} from './hosting';

describe('splitEmailList', () => {
  it('splits on commas, semicolons and newlines, trims, drops blanks and repeats', () => {
    expect(splitEmailList(' a@x.com, b@x.com;c@x.com\n\r\nA@X.com ;; ')).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
    ]);
    expect(splitEmailList(['a@x.com; b@x.com', 'b@x.com'])).toEqual(['a@x.com', 'b@x.com']);
    expect(splitEmailList(' ,; \n')).toEqual([]);
  });
});

describe('CreateGroupOrderSchema', () => {
  const base = {
    hostName: 'Jo',
    hostEmail: 'jo@example.com',
    companyName: 'Acme',
    pickupDate: '2026-11-22',
    pickupTime: '10:00',
    deadlineDate: '2026-11-22',
    deadlineTime: '09:30',
  };

  it('gives the spec messages for blank required fields, after trimming', () => {
    const result = CreateGroupOrderSchema.safeParse({
      ...base,
      hostName: '  ',
      hostEmail: '',
      companyName: '\t',
    });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toMatchObject({
      hostName: 'Please enter your name.',
      hostEmail: 'Please enter your email address.',
      companyName: 'Please enter your company name.',
    });
  });

  it('defaults to pickup, leaves payment to the order type, lower-cases the e-mail, empties optional text', () => {
    const value = CreateGroupOrderSchema.parse({
      ...base,
      hostEmail: ' Jo@Example.COM ',
      name: ' ',
      instructions: '',
    });
    expect(value).toMatchObject({
      orderType: 'pickup',
      hostEmail: 'jo@example.com',
      name: null,
      instructions: null,
    });
    // Left out, the model picks the order type's default (defaultPaymentMethod).
    expect(value.paymentMethod).toBeUndefined();
  });

  it('needs an address for delivery', () => {
    const result = CreateGroupOrderSchema.safeParse({ ...base, orderType: 'delivery' });
    expect(fieldErrorsOf(result.error!).deliveryAddress).toBe('Please enter the delivery address.');
  });
});

describe('small helpers', () => {
  it('builds initials, masks an address and words the notice with the configured minutes', () => {
    expect(initialsOf('Hannah van der Host')).toBe('HH');
    expect(initialsOf('cher')).toBe('C');
    expect(maskEmail('hannah@example.com')).toBe('h•••@example.com');
    expect(pickupNoticeMessage(30)).toBe(
      'Pickup orders require at least 30 minutes notice. Please select a later pickup time.',
    );
    expect(pickupNoticeMessage(45)).toContain('at least 45 minutes');
  });
});

describe('hostActionError (spec section 8)', () => {
  const { t } = wordsFor('en');
  const update = 'Failed to update order. Please try again.';
  const invite = 'Failed to send invitations. Please try again.';

  it('tells a 401 to log in and a 403 that only the creator may act, whatever the server said', () => {
    expect(hostActionError(401, 'anything', update, t)).toEqual({
      title: 'Please Log In',
      description: 'You must be logged in to modify orders.',
    });
    expect(hostActionError(403, 'anything', invite, t)).toEqual({
      title: 'Not Authorized',
      description: 'Only the order creator can modify this order.',
    });
  });

  it('gives the spec sentence for other failures, with the server reason after it for a 4xx', () => {
    expect(hostActionError(500, 'Internal error', update, t)).toEqual({
      title: 'Error',
      description: update,
    });
    expect(hostActionError(0, '', update, t)).toEqual({ title: 'Error', description: update });
    expect(hostActionError(429, 'Too many. Please try again in 5 minutes.', invite, t)).toEqual({
      title: 'Error',
      description: `${invite} Too many. Please try again in 5 minutes.`,
    });
    expect(hostActionError(409, undefined, update, t).description).toBe(update);
  });
});
