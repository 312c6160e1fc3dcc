/** README.txt: what each part of the zip holds, and what the export leaves out on purpose. */
export const exportReadme = (appName: string) =>
  `Your ${appName} data export

export.json    every record we keep about you: your account, families, children (with their
               yearly series, "yearlySeries", and their models' yearly updates, "yearlyUpdates"),
               e-mail preferences, consents, credits, plans, payments and invoices, billing
               details and analytics.
account/       your profile picture (picture.webp), if you uploaded one.
invoices/      the invoice of each payment as a PDF, named by its number.
photos/        the training photos of each child in your families, one folder per child.
portraits/     the portraits made of each child, one folder per child, with the free previews
               made while the child's model trained ("kind": "preview" in export.json), and the
               short videos made of portraits ("Create video", *-video-*.mp4; clips made
               before MP4 videos are animated pictures, *-video-*.webp).
               Each portrait's "shareLinks" in export.json are the private links your family made
               to it ("Copy link"), with the caption you gave the page, if any: anyone with an
               "active" address can see that one picture until it expires; stop sharing it in the
               gallery.
storybooks/    the printable storybooks made of each child's portraits, one folder per child, as
               the PDFs you downloaded ("storybooks" in export.json gives their titles and pages).

These are your children's photos: keep this file somewhere private.

Not in this file: the face descriptors and age estimates we compute from each photo to check that
every photo and portrait shows your child. They are biometric data, so they never leave our
database (not even into this export); they are deleted with the photo, and your child's reference
face with your child.
`;
