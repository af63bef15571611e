/**
 * The safety answers' texts (safety.ts), in English and Hindi, with their sources: an extra
 * dose taken by mistake (ADA Standards of Care 2025, §9 and §6) and a missed dose (the
 * medicine's patient leaflet). No dose numbers; the 15–15 steps come from texts.ts.
 */
import type { AssistantSource } from '@diacare/contract/assistant';
import type { GlucoseUnit } from '@diacare/contract/glucose-units';
import type { Language } from '../../i18n/index.ts';
import { assistantTexts } from './texts.ts';

export interface SafetyTexts {
  /** An extra or double dose taken by mistake, with the 15–15 steps in `unit`. */
  extraDose(unit: GlucoseUnit): string;
  extraDoseSources: AssistantSource[];
  missedDose: string;
  missedDoseSources: AssistantSource[];
}

const EN_TEXTS = assistantTexts('en');
const HI_TEXTS = assistantTexts('hi');

const SULFONYLUREA_SOURCE: AssistantSource = {
  title: 'ADA Standards of Care in Diabetes 2025',
  section: '§9 Pharmacologic Approaches to Glycemic Treatment (sulfonylureas, insulin and hypoglycaemia)',
};
const LEAFLET_SOURCE: AssistantSource = {
  title: 'Your medicine’s patient information leaflet (standard leaflet guidance, e.g. NHS medicines pages)',
  section: 'If you forget to take it',
};

const EN: SafetyTexts = {
  extraDose: (unit) =>
    'Do not take any more of that medicine for now, and call your doctor or pharmacist now: tell them what you took and when. ' +
    'If it was a sulfonylurea (glimepiride, gliclazide, glibenclamide or similar) or insulin, your sugar can go low over the next hours, ' +
    'and after a sulfonylurea the low can last or come back: check your sugar more often and keep fast-acting glucose with you. ' +
    'Call 112 at once if you or they feel faint, confused or cannot swallow.\n\n' +
    EN_TEXTS.hypoStepsIn(unit),
  extraDoseSources: [SULFONYLUREA_SOURCE, EN_TEXTS.hypoSource, EN_TEXTS.emergencySource],
  missedDose:
    'Do not take two doses to make up for a missed one. ' +
    'Take the missed dose only as your doctor or the medicine’s leaflet says (its “If you forget to take it” section), ' +
    'or ask your pharmacist, who can tell you for your medicine and the time now. ' +
    'If you are unsure, ask before your next dose; DiaCare’s Medications screen shows your schedule.',
  missedDoseSources: [LEAFLET_SOURCE],
};

const HI: SafetyTexts = {
  extraDose: (unit) =>
    'अभी उस दवा की और खुराक न लें, और अभी अपने डॉक्टर या फ़ार्मासिस्ट को फ़ोन करें: उन्हें बताएं कि आपने क्या और कब लिया। ' +
    'अगर वह सल्फ़ोनिलयूरिया (ग्लिमेपिराइड, ग्लिक्लाज़ाइड, ग्लिबेनक्लामाइड या ऐसी दवा) या इंसुलिन थी, तो अगले कुछ घंटों में शुगर लो हो सकती है, ' +
    'और सल्फ़ोनिलयूरिया के बाद लो शुगर देर तक रह सकती है या दोबारा हो सकती है: शुगर बार-बार जाँचें और जल्दी असर करने वाला ग्लूकोज़ पास रखें। ' +
    'बेहोशी या उलझन लगे, या निगल न पा रहे हों, तो तुरंत 112 पर कॉल करें।\n\n' +
    HI_TEXTS.hypoStepsIn(unit),
  extraDoseSources: [SULFONYLUREA_SOURCE, HI_TEXTS.hypoSource, HI_TEXTS.emergencySource],
  missedDose:
    'छूटी हुई खुराक की भरपाई के लिए दो खुराक एक साथ न लें। ' +
    'छूटी हुई खुराक वैसे ही लें जैसा आपके डॉक्टर या दवा के पर्चे (लीफ़लेट में “अगर आप दवा लेना भूल जाएं” वाला हिस्सा) में लिखा है, ' +
    'या अपने फ़ार्मासिस्ट से पूछें, जो आपकी दवा और अभी के समय के हिसाब से बता सकते हैं। ' +
    'पक्का न हो तो अगली खुराक से पहले पूछ लें; DiaCare की दवाएं स्क्रीन पर आपकी दवाओं का समय दिखता है।',
  missedDoseSources: [LEAFLET_SOURCE],
};

/** The safety texts in `language` (English when none is given). */
export function safetyTexts(language: Language = 'en'): SafetyTexts {
  return language === 'hi' ? HI : EN;
}
