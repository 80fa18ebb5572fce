/**
 * The one way the web app formats dates: a formatter per language and options, built once.
 * Building an Intl.DateTimeFormat costs about a millisecond (several at 4x CPU) and the first one a
 * page builds loads the locale's calendar data (about 250 ms at 4x CPU). The log built two per entry
 * per render: 290 ms of its first render (issue 25 §7); formatting with a kept one costs microseconds.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(language: string | undefined, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${language ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, options);
    formatters.set(key, formatter);
  }
  return formatter;
}
