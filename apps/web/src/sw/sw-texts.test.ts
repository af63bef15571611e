/**
 * The service worker's own notices: the server's texts in the payload win,
 * else the catalogs' in the page's last language, else English. Reads the real catalogs.
 */
import { describe, expect, it } from 'vitest';
import { failureNotice, swText } from './sw-texts';

const dose = {
  medication_id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  medication_name: 'Metformin',
  dosage: '500 mg',
  date: '2026-11-23',
  scheduled_time: '08:00',
};

describe('swText', () => {
  it("speaks the page's last language, English when it never said or said something else", () => {
    expect(swText('hi', 'push.sw.newReminder')).toBe('आपके लिए एक नया रिमाइंडर है।');
    expect(swText('en', 'push.sw.newReminder')).toBe('You have a new reminder.');
    expect(swText(null, 'push.sw.newReminder')).toBe('You have a new reminder.');
    expect(swText('fr', 'push.sw.newReminder')).toBe('You have a new reminder.');
  });

  it('fills the medicine name in as typed', () => {
    expect(swText('hi', 'push.sw.takeFailedText', { medicine: 'Glycomet GP 2' })).toBe(
      'Glycomet GP 2 ली गई के रूप में दर्ज करने के लिए DiaCare खोलें।',
    );
    expect(swText('en', 'push.sw.takeFailedText', { medicine: 'Metformin' })).toBe(
      'Open DiaCare to mark Metformin as taken.',
    );
  });
});

describe('failureNotice', () => {
  it("takes the server's texts from the payload over the page's language", () => {
    const failure = {
      take: { title: 'खुराक दर्ज नहीं हो सकी', body: 'Metformin ली गई के रूप में दर्ज करने के लिए DiaCare खोलें।' },
      snooze: { title: 'रिमाइंडर स्नूज़ नहीं हो सका', body: 'अपनी दवाएं देखने के लिए DiaCare खोलें।' },
    };
    expect(failureNotice({ dose, failure }, 'take', 'en')).toEqual(failure.take);
    expect(failureNotice({ dose, failure }, 'snooze', null)).toEqual(failure.snooze);
  });

  it("falls back to the catalogs in the page's language when the payload has no texts", () => {
    expect(failureNotice({ dose }, 'take', 'hi')).toEqual({
      title: 'खुराक दर्ज नहीं हो सकी',
      body: 'Metformin ली गई के रूप में दर्ज करने के लिए DiaCare खोलें।',
    });
    expect(failureNotice({ dose }, 'snooze', 'hi')).toEqual({
      title: 'रिमाइंडर स्नूज़ नहीं हो सका',
      body: 'अपनी दवाएं देखने के लिए DiaCare खोलें।',
    });
    expect(failureNotice({ dose, failure: undefined }, 'take', null)).toEqual({
      title: 'Could not record the dose',
      body: 'Open DiaCare to mark Metformin as taken.',
    });
    expect(failureNotice({ dose: null }, 'snooze', 'en')).toEqual({
      title: 'Could not snooze the reminder',
      body: 'Open DiaCare to see your medications.',
    });
  });
});
