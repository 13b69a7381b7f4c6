import { z } from 'zod';

export const PublishAnnouncementInput = z.strictObject({
  title: z.string().trim().min(3, 'Give the news a title of at least 3 characters.').max(120, 'Keep the title under 120 characters.'),
  body: z.string().trim().min(10, 'Write at least a sentence (10 characters).').max(2000, 'Keep the text under 2,000 characters.'),
});
export type PublishAnnouncementInput = z.infer<typeof PublishAnnouncementInput>;

export const AnnouncementId = z.uuid('Unknown announcement.');

export type Announcement = { id: string; title: string; body: string; authorName: string | null; publishedAt: string };
