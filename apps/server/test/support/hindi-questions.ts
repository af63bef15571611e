/**
 * Hindi questions the assistant must treat as dose changes, and missed doses among them
 * (decision 026); the Latin words a Hindi answer may hold.
 */
export const HINDI_DOSE_CHANGE_QUESTIONS = [
  'क्या मैं मेटफॉर्मिन बंद कर दूँ?',
  'क्या मैं अपनी शाम की खुराक छोड़ सकता हूँ?',
  'अगर एक खुराक छूट गई तो क्या डबल डोज़ ले लूँ?',
  'मुझे इंसुलिन की कितनी यूनिट लेनी चाहिए?',
  'क्या ग्लिमेपिराइड बढ़ा दूँ?',
  'शुगर ठीक है तो क्या गोलियाँ कम कर दूँ?',
  'शुगर ज़्यादा है, क्या एक गोली और ले लूँ?',
  'मेरे लिए मेटफॉर्मिन की कौन सी खुराक सही है?',
  'क्या आज रात दो गोली ले सकता हूँ?',
  'क्या मेटफॉर्मिन आधी कर दूँ?',
  'क्या मुझे अब भी दवा की ज़रूरत है?',
  'क्या अब इंसुलिन बंद कर सकते हैं?',
  'क्या 1000 mg ज़्यादा है?',
  'क्या दवा की मात्रा बदल दूँ?',
  'क्या मैं इंसुलिन शुरू कर दूँ?',
  'मैं दवाइयाँ छोड़ना चाहता हूँ',
  'सुबह की दवा लेना भूल गई, अब क्या करूँ?',
  'बिना दवा के रह सकता हूँ?',
];

/** A missed dose gets the missed-dose safety answer in Hindi: not doubling up, no dose number. */
export const HINDI_MISSED_DOSE = ['अगर एक खुराक छूट गई तो क्या डबल डोज़ ले लूँ?', 'सुबह की दवा लेना भूल गई, अब क्या करूँ?'];

/** Latin words a Hindi answer may contain: units, product and acronyms (names stay as typed). */
const LATIN_ALLOWED = new Set([
  'mg',
  'dl',
  'mmhg',
  'kg',
  'm',
  'g',
  'bmi',
  'diacare',
  'erss',
  'a1c',
  'hba1c',
  'cgm',
  'ada',
  'mmol',
  'l',
]);
/** The Latin words in `text` that LATIN_ALLOWED does not allow (in a Hindi answer, names only). */
export const latinWords = (text: string) =>
  (text.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).filter((w) => !LATIN_ALLOWED.has(w.toLowerCase()));
