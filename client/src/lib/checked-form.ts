// A small form without a form library (docs/decisions/121-sign-in-without-a-form-library.md): its
// fields stay the browser's own (uncontrolled, so what was typed before the app took over stays),
// are read from the form at submit and checked with the shared schema the server parses them with.
// The schema, and Zod with it, loads when a field is first focused (docs/decisions/028) or at the
// first submit. A submit that found a wrong field checks the form again as it is typed in, so a
// message goes as soon as its field is right.
import { useRef, useState, type FormEvent } from "react";
import type { ZodType } from "zod";

type Errors<T> = Partial<Record<keyof T & string, string>>;

/** A schema fetched once; a failed fetch (offline for a moment) is tried again at the next use. */
export function lazySchema<T>(load: () => Promise<ZodType<T>>) {
  let loading: Promise<ZodType<T>> | undefined;
  const get = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  return { get, preload: () => void get().catch(() => undefined) };
}

/** The form's fields by name, as text: what a submit without the app would have sent. */
const fieldsOf = (form: HTMLFormElement) => Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)]));

export function useCheckedForm<T>(schema: ReturnType<typeof lazySchema<T>>, onValid: (values: T) => void) {
  const [errors, setErrors] = useState<Errors<T>>({});
  const submitted = useRef(false);
  // The schema did not load (offline at that moment): said above the form, and the next submit tries again.
  const [unchecked, setUnchecked] = useState(false);

  const check = async (form: HTMLFormElement) => {
    const parsed = (await schema.get()).safeParse(fieldsOf(form));
    const wrong: Errors<T> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) wrong[String(issue.path[0]) as keyof T & string] ??= issue.message;
    setErrors(wrong);
    return { parsed, wrong };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const form = event.currentTarget;
    const result = await check(form).catch(() => undefined);
    setUnchecked(!result);
    if (!result) return;
    const { parsed, wrong } = result;
    if (parsed.success) return onValid(parsed.data);
    // The first wrong field takes the focus, so its message is read out and it can be fixed at once.
    const first = Object.keys(wrong)[0];
    const field = first === undefined ? null : form.elements.namedItem(first);
    if (field instanceof HTMLElement) field.focus();
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (submitted.current) void check(event.currentTarget).catch(() => undefined);
  };

  const formError = unchecked ? "The form could not be checked: check your connection, then try again." : undefined;
  return { errors, formError, onSubmit, onChange, onFocus: schema.preload };
}
