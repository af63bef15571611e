/**
 * English → Hindi for every validation message and field name the schemas and the server can
 * produce, used by the server's 400 details and the web's forms alike. Messages with numbers are
 * matched by pattern; an unknown message stays English, never dropped. Decision 026.
 */

/** The languages these tables know; 'en' returns messages unchanged. */
export type MessageLanguage = 'en' | 'hi';

/** Exact messages (no numbers) → Hindi. */
const EXACT_HI: Record<string, string> = {
  'is required': 'ज़रूरी है',
  'unknown field': 'अनजान फ़ील्ड है',
  'must have a visible character': 'में कम से कम एक दिखने वाला अक्षर होना चाहिए',
  'must not hold control characters': 'में कंट्रोल अक्षर नहीं हो सकते',
  // The care circle.
  'must be a list of scopes': 'साझा की जाने वाली चीज़ों की सूची होनी चाहिए',
  'must not repeat a scope': 'कोई चीज़ दो बार नहीं हो सकती',
  'must be a whole number of days': 'दिनों की पूरी संख्या होनी चाहिए',
  'must be an invitation token': 'निमंत्रण का सही टोकन होना चाहिए',
  'name role, scopes, can_mark_taken or alerts': 'role, scopes, can_mark_taken या alerts में से कुछ बताएँ',
  'must be a whole number of minutes': 'मिनटों की पूरी संख्या होनी चाहिए',
  'start and end must differ': 'शुरू और अंत का समय अलग होना चाहिए',
  'must be a whole number from 1 to 50': '1 से 50 तक की पूरी संख्या होनी चाहिए',
  "must be a time 'HH:MM'": "समय 'HH:MM' में होना चाहिए",
  "must be { start: 'HH:MM', end: 'HH:MM' } or null": "{ start: 'HH:MM', end: 'HH:MM' } या null होना चाहिए",
  "must be 'family' or 'doctor'": "'family' या 'doctor' होना चाहिए",
  "must be 'taken'": "'taken' होना चाहिए",
  'is invalid': 'सही नहीं है',
  'must be a real date written YYYY-MM-DD': 'सही तारीख YYYY-MM-DD में लिखें',
  "must be a time written 'HH:MM' (24-hour)": "समय 'HH:MM' (24 घंटे) में लिखें",
  'must be an IANA time zone such as Asia/Kolkata': 'Asia/Kolkata जैसा IANA टाइम ज़ोन होना चाहिए',
  'must be a UUID': 'सही UUID होना चाहिए',
  'must be a whole number': 'पूरी संख्या होनी चाहिए',
  'must be a number': 'संख्या होनी चाहिए',
  'must have at most one decimal place': 'दशमलव के बाद ज़्यादा से ज़्यादा एक अंक हो सकता है',
  'must be 10 to 15 digits': '10 से 15 अंक होने चाहिए',
  'must be exactly 6 digits': 'ठीक 6 अंक होने चाहिए',
  'must be a whole number from 1 to 120': '1 से 120 तक की पूरी संख्या होनी चाहिए',
  'must be male, female or other': 'male, female या other होना चाहिए',
  'must be one of the 28 Indian states or 8 union territories':
    'भारत के 28 राज्यों या 8 केंद्र शासित प्रदेशों में से एक होना चाहिए',
  'must be India': 'India होना चाहिए',
  'must be en or hi': 'en या hi होना चाहिए',
  'must be mg/dL or mmol/L': 'mg/dL या mmol/L होना चाहिए',
  'cannot be changed': 'बदला नहीं जा सकता',
  'must be in steps of 0.5 U': '0.5 U के अंतर में होना चाहिए',
  'must be a unit': 'इकाई होनी चाहिए',
  'only an Injection can be marked as insulin': 'सिर्फ़ इंजेक्शन को इंसुलिन चुना जा सकता है',
  'Name is required': 'नाम ज़रूरी है',
  'Sex is required': 'लिंग ज़रूरी है',
  'Age must be a whole number from 1 to 120': 'उम्र 1 से 120 तक की पूरी संख्या होनी चाहिए',
  'WhatsApp Number must be 10 to 15 digits': 'WhatsApp नंबर में 10 से 15 अंक होने चाहिए',
  'Address is required': 'पता ज़रूरी है',
  'State is required': 'राज्य ज़रूरी है',
  'Pincode must be exactly 6 digits': 'पिनकोड में ठीक 6 अंक होने चाहिए',
  'must be daily, weekly or as-needed': 'daily, weekly या as-needed होना चाहिए',
  'must be 1 (Mon) to 7 (Sun)': '1 (सोमवार) से 7 (रविवार) तक होना चाहिए',
  'must be null': 'null होना चाहिए',
  'needs at least one reminder time': 'कम से कम एक रिमाइंडर का समय चुनें',
  'must not repeat a time': 'एक ही समय दो बार नहीं हो सकता',
  'must not repeat a day': 'एक ही दिन दो बार नहीं हो सकता',
  'must be true or false': 'true या false होना चाहिए',
  'must be 0 or more': '0 या उससे ज़्यादा होना चाहिए',
  'must be 1 or more': '1 या उससे ज़्यादा होना चाहिए',
  'must be one of the colour tags': 'दिए गए रंगों में से एक होना चाहिए',
  'must be a medication id': 'किसी दवा की id होनी चाहिए',
  'must not be after end_date': 'end_date के बाद की नहीं हो सकती',
  'must not be before start_date': 'start_date से पहले की नहीं हो सकती',
  'must be doctor or lab': 'doctor या lab होना चाहिए',
  "must be 'upcoming' when booking": "बुक करते समय 'upcoming' होना चाहिए",
  'must be an https URL': 'https URL होना चाहिए',
  'must be above diastolic': 'डायस्टोलिक से ज़्यादा होना चाहिए',
  'must be text': 'टेक्स्ट होना चाहिए',
  'must not be empty': 'खाली नहीं हो सकता',
  'must be an ISO 8601 date-time with offset': 'ऑफ़सेट के साथ ISO 8601 तारीख-समय होना चाहिए',
  // The server's own field rules (they need the user's zone or the server's settings).
  'must not be in the future': 'आने वाली तारीख नहीं हो सकती',
  'must not be in the past': 'बीता हुआ समय नहीं हो सकता',
  'must not be before this medicine’s start date': 'दवा शुरू होने की तारीख से पहले की नहीं हो सकती',
  'must not be more than a day ahead': 'आज से एक दिन से ज़्यादा आगे की नहीं हो सकती',
  'is not a day this medicine is scheduled for': 'इस दिन यह दवा लेनी तय नहीं है',
  'is not a time this medicine is scheduled for': 'इस समय यह दवा लेनी तय नहीं है',
  'must be today or later': 'आज या उसके बाद की तारीख होनी चाहिए',
  'must not carry credentials': 'इसमें यूज़रनेम या पासवर्ड नहीं हो सकता',
  'is not on a known push service': 'किसी जानी-पहचानी पुश सेवा का नहीं है',
  'a push service is reached on port 443 only': 'पुश सेवा केवल पोर्ट 443 पर मिलती है',
  'must be an uncompressed P-256 public key (65 bytes)': 'बिना कंप्रेस की हुई P-256 पब्लिक की (65 बाइट) होनी चाहिए',
  'must be a 16-byte secret': '16 बाइट का सीक्रेट होना चाहिए',
  // Nightscout import (decision 053).
  'must be a web address such as https://my-site.example': 'https://my-site.example जैसा वेब पता होना चाहिए',
  'must be the token as Nightscout shows it, with no spaces':
    'टोकन वैसा ही होना चाहिए जैसा Nightscout दिखाता है, बिना स्पेस के',
  'must be a public address, not a private or local network one': 'सार्वजनिक पता होना चाहिए, निजी या लोकल नेटवर्क का नहीं',
  'no Nightscout site answered at this address': 'इस पते पर कोई Nightscout साइट नहीं मिली',
  'the token was refused; use a token with the readable role': 'टोकन नहीं माना गया; readable भूमिका वाला टोकन दें',
  'must not contain the NUL character': 'इसमें NUL अक्षर नहीं हो सकता',
  // Meals (decision 088).
  'must be a food id': 'खाने की सूची की id होनी चाहिए',
  'must be in steps of 0.25': '0.25 के अंतर में होना चाहिए',
  'must be a list of items': 'चीज़ों की सूची होनी चाहिए',
  'must hold at least one item': 'कम से कम एक चीज़ होनी चाहिए',
  'must be a JPEG or WebP photo': 'JPEG या WebP फ़ोटो होनी चाहिए',
  // zod's own texts for checks without a message of ours.
  'Invalid input': 'सही नहीं है',
  'Invalid JSON': 'सही JSON नहीं है',
};

/** zod's type names (in 'expected string, received number') → Hindi. */
const TYPE_HI: Record<string, string> = {
  string: 'टेक्स्ट',
  number: 'संख्या',
  int: 'पूरी संख्या',
  boolean: 'true या false',
  object: 'ऑब्जेक्ट',
  array: 'सूची',
  null: 'null',
  undefined: 'कुछ नहीं',
  nan: 'NaN',
  date: 'तारीख',
};
const typeHi = (type: string) => TYPE_HI[type] ?? type;

/** What zod counts in 'Too big: expected string to have <=2048 characters'. */
const UNIT_HI: Record<string, string> = { characters: 'अक्षर', items: 'आइटम' };

/** Patterns for messages with numbers, units or lists; the first match wins. */
const PATTERNS_HI: [RegExp, (...groups: string[]) => string][] = [
  [/^must be at most (\d+) characters$/, (n) => `ज़्यादा से ज़्यादा ${n} अक्षर हो सकते हैं`],
  [/^must be at least (-?[\d.]+) (.+)$/, (n, unit) => `कम से कम ${n} ${unit} होना चाहिए`],
  [/^must be at most (-?[\d.]+) (.+)$/, (n, unit) => `ज़्यादा से ज़्यादा ${n} ${unit} होना चाहिए`],
  [/^must be at least (-?[\d.]+)$/, (n) => `कम से कम ${n} होना चाहिए`],
  [/^must be at most (-?[\d.]+)$/, (n) => `ज़्यादा से ज़्यादा ${n} होना चाहिए`],
  [/^must hold at most (\d+) items$/, (n) => `ज़्यादा से ज़्यादा ${n} चीज़ें हो सकती हैं`],
  [/^must be at most (\d+) bytes$/, (n) => `ज़्यादा से ज़्यादा ${n} बाइट हो सकती है`],
  [/^at most (\d+) times$/, (n) => `ज़्यादा से ज़्यादा ${n} समय हो सकते हैं`],
  [/^must not be before (\d{4}-\d{2}-\d{2})$/, (date) => `${date} से पहले की नहीं हो सकती`],
  [/^must be within (\d+) days$/, (n) => `अगले ${n} दिनों के अंदर होना चाहिए`],
  [/^must be one of (.+)$/, (list) => `इनमें से एक होना चाहिए: ${list}`],
  [/^must be the (\S+) key, base64-encoded$/, (key) => `base64 में लिखी ${key} की होनी चाहिए`],
  [/^must be "(.+)"$/, (word) => `"${word}" होना चाहिए`],
  [
    /^Invalid input: expected (\w+), received (\w+)$/,
    (expected, received) => `${typeHi(expected)} होना चाहिए, ${typeHi(received)} मिला`,
  ],
  [/^Invalid input: expected (.+)$/, (expected) => `${expected} होना चाहिए`],
  [/^Invalid option: expected one of (.+)$/, (list) => `इनमें से एक होना चाहिए: ${list}`],
  [
    /^Too big: expected \w+ to have <=?(\d+) (\w+)$/,
    (n, unit) => `ज़्यादा से ज़्यादा ${n} ${UNIT_HI[unit] ?? unit} हो सकते हैं`,
  ],
  [/^Too small: expected \w+ to have >=?(\d+) (\w+)$/, (n, unit) => `कम से कम ${n} ${UNIT_HI[unit] ?? unit} चाहिए`],
  [/^Too big: expected \w+ to be <(=?)(-?[\d.]+)$/, (eq, n) => `${n} से ${eq ? 'ज़्यादा नहीं' : 'कम'} होना चाहिए`],
  [/^Too small: expected \w+ to be >(=?)(-?[\d.]+)$/, (eq, n) => `${n} से ${eq ? 'कम नहीं' : 'ज़्यादा'} होना चाहिए`],
  [/^Invalid (?:string|format): .*$/, () => 'सही रूप में नहीं है'],
  [/^Invalid (?:UUID|uuid|URL|url|email address)$/, () => 'सही रूप में नहीं है'],
  [/^Unrecognized keys?: (.+)$/, (keys) => `अनजान फ़ील्ड: ${keys}`],
  [/^Invalid discriminator value\. Expected (.+)$/, (list) => `इनमें से एक होना चाहिए: ${list}`],
];

/**
 * One validation message in `language`.
 * @param message an English message as the contract's schemas produce it (without the field).
 * @returns the Hindi text for 'hi' (numbers, units and API values kept as written), or
 *   `message` unchanged for 'en' or a message the table does not know.
 */
export function translateValidationMessage(message: string, language: MessageLanguage): string {
  if (language === 'en') return message;
  const exact = EXACT_HI[message];
  if (exact) return exact;
  for (const [pattern, render] of PATTERNS_HI) {
    const match = pattern.exec(message);
    if (match) return render(...match.slice(1));
  }
  return message;
}

/** True when `translateValidationMessage` knows `message` (the coverage test uses it). */
export function hasValidationTranslation(message: string): boolean {
  return message in EXACT_HI || PATTERNS_HI.some(([pattern]) => pattern.test(message));
}

/**
 * API field names → the Hindi label a person reads on the screen.
 * Names not listed stay as sent.
 */
const FIELD_HI: Record<string, string> = {
  body: 'अनुरोध',
  name: 'नाम',
  dosage: 'खुराक',
  form: 'रूप',
  instructions: 'निर्देश',
  color: 'रंग',
  when_to_take: 'कब लें',
  schedule: 'शेड्यूल',
  frequency: 'कितनी बार',
  times: 'समय',
  weekdays: 'दिन',
  start_date: 'शुरू की तारीख',
  end_date: 'आखिरी तारीख',
  refill_reminder: 'रीफ़िल रिमाइंडर',
  enabled: 'चालू',
  pills_remaining: 'बची गोलियाँ',
  threshold: 'कितनी गोलियाँ बचने पर',
  medication_id: 'दवा',
  scheduled_time: 'खुराक का समय',
  taken_time: 'लेने का समय',
  date: 'तारीख',
  time: 'समय',
  status: 'स्थिति',
  value: 'ब्लड शुगर',
  meal_context: 'कब मापा',
  systolic: 'सिस्टोलिक',
  diastolic: 'डायस्टोलिक',
  pulse: 'पल्स',
  weight: 'वज़न',
  height: 'लंबाई',
  type: 'प्रकार',
  title: 'शीर्षक',
  doctor: 'डॉक्टर',
  location: 'जगह',
  notes: 'नोट्स',
  phone: 'WhatsApp नंबर',
  whatsapp: 'WhatsApp नंबर',
  sex: 'लिंग',
  age: 'उम्र',
  address: 'पता',
  state: 'राज्य',
  country: 'देश',
  pincode: 'पिनकोड',
  diabetes_type: 'डायबिटीज़ का प्रकार',
  timezone: 'टाइम ज़ोन',
  language: 'भाषा',
  glucose_unit: 'शुगर की इकाई',
  email: 'ईमेल',
  confirm: 'पुष्टि',
  content: 'सवाल',
  due_at: 'समय',
  limit: 'संख्या',
  file: 'फ़ाइल',
  url: 'वेब पता',
  token: 'टोकन',
  days: 'दिनों की संख्या',
  id: 'आईडी',
  meal_type: 'भोजन का समय',
  items: 'खाने की चीज़ें',
  food_id: 'खाना',
  portions: 'मात्रा',
  carbs_g: 'कार्बोहाइड्रेट',
  note: 'नोट',
  q: 'खोज',
  photo: 'फ़ोटो',
};

/**
 * A field path as a label: 'schedule.times.1' → 'समय 2' (the last named part, and a list
 * position counted from 1). 'en' returns the path unchanged.
 */
export function translateFieldName(path: string, language: MessageLanguage): string {
  if (language === 'en') return path;
  const parts = path.split('.');
  const last = parts.at(-1) ?? path;
  if (/^\d+$/.test(last) && parts.length > 1) {
    const owner = parts.at(-2)!;
    return `${FIELD_HI[owner] ?? owner} ${Number(last) + 1}`;
  }
  return FIELD_HI[last] ?? last;
}

/**
 * A whole 400 `detail` in `language`: '<field>: <message>' has both parts translated, a
 * message without a field is translated alone. 'en' and unknown messages pass unchanged.
 */
export function translateValidationDetail(detail: string, language: MessageLanguage): string {
  if (language === 'en') return detail;
  const match = /^([A-Za-z_][\w.-]*): (.+)$/s.exec(detail);
  if (match && hasValidationTranslation(match[2]!)) {
    return `${translateFieldName(match[1]!, language)}: ${translateValidationMessage(match[2]!, language)}`;
  }
  return translateValidationMessage(detail, language);
}
