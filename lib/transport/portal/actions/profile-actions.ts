"use server";

import { z } from "zod";
import {
  Phone,
  PreferredEmail,
  RequestIdentityChangeBody,
  supportedLanguages,
} from "@/lib/people/profile/schemas";
import { requestIdentityChange } from "@/lib/people/profile/request-identity-change";
import { setProcessingRestriction } from "@/lib/people/profile/set-processing-restriction";
import { updateOwnProfile } from "@/lib/people/profile/update-own-profile";
import { formAction } from "../portal-action";

const optional = (value: FormDataEntryValue | null) =>
  String(value ?? "").trim();
const blankIsNull = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal("").transform(() => null), schema]);
const checkbox = z.literal(["on", ""]).transform((value) => value === "on");

// The form's own shape: strings from the browser, turned into the body PATCH /api/v1/profile takes.
const ContactForm = z
  .object({
    preferredEmail: blankIsNull(PreferredEmail),
    phone: blankIsNull(Phone),
    language: z.enum(supportedLanguages, "Choose a language from the list."),
    email: checkbox,
    inApp: checkbox,
    marketingOptOut: checkbox,
  })
  .transform(({ email, inApp, marketingOptOut, ...rest }) => ({
    ...rest,
    preferences: { channels: { email, inApp }, marketingOptOut },
  }));

const on = (form: FormData, name: string) =>
  form.get(name) === "on" ? "on" : "";

export const updateProfileAction = formAction(
  {
    input: ContactForm,
    fields: (form) => ({
      preferredEmail: optional(form.get("preferredEmail")),
      phone: optional(form.get("phone")),
      language: optional(form.get("language")),
      email: on(form, "email"),
      inApp: on(form, "inApp"),
      marketingOptOut: on(form, "marketingOptOut"),
    }),
    revalidate: ["/profile"],
  },
  async ({ tx, ctx, input }) => {
    await updateOwnProfile(tx, ctx, input);
    return { message: "Your profile is saved." };
  },
);

const IdentityForm = z
  .object({
    field: z.enum(
      [
        "firstName",
        "lastName",
        "birthDate",
        "nationality",
        "officialEmail",
        "identifierNational",
      ],
      "Choose what to change.",
    ),
    value: z.string(),
    evidenceUrl: z.string().optional(),
  })
  .transform(({ field, value, evidenceUrl }, issue) => {
    const evidence = evidenceUrl?.trim()
      ? { documentUrl: evidenceUrl.trim() }
      : undefined;
    const parsed = RequestIdentityChangeBody.safeParse({
      [field]: value,
      ...(evidence ? { evidence } : {}),
    });
    if (parsed.success) return parsed.data;
    for (const problem of parsed.error.issues)
      issue.addIssue({
        code: "custom",
        message: problem.message,
        path: [
          String(problem.path[0]) === "evidence" ? "evidenceUrl" : "value",
        ],
      });
    return z.NEVER;
  });

export const requestIdentityChangeAction = formAction(
  {
    input: IdentityForm,
    fields: (form) => ({
      field: optional(form.get("field")),
      value: optional(form.get("value")),
      evidenceUrl: optional(form.get("evidenceUrl")),
    }),
    revalidate: ["/profile"],
  },
  async ({ tx, ctx, input }) => {
    await requestIdentityChange(tx, ctx, input);
    return {
      message: input.officialEmail
        ? "Thank you. We sent a confirmation link to the new address; once you confirm it, the change goes to the registry."
        : "Thank you. Your request is waiting for confirmation; your profile changes once it is confirmed.",
    };
  },
);

const RestrictionForm = z.object({
  restricted: z.enum(["true", "false"]).transform((value) => value === "true"),
  confirmed: z.literal("yes", "Tick the box to confirm."),
});

export const setProcessingRestrictionAction = formAction(
  {
    input: RestrictionForm,
    fields: (form) => ({
      restricted: optional(form.get("restricted")),
      confirmed: optional(form.get("confirmed")),
    }),
    revalidate: ["/profile"],
  },
  async ({ tx, ctx, input }) => {
    const { processingRestricted } = await setProcessingRestriction(tx, ctx, {
      restricted: input.restricted,
    });
    return {
      message: processingRestricted
        ? "Processing is restricted. You will not receive notifications until you lift it."
        : "The restriction is lifted. Notifications resume from now on.",
    };
  },
);
