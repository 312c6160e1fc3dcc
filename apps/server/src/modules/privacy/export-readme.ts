/** README.txt: what each part of the zip holds, and what the export leaves out on purpose. */
export const exportReadme = (appName: string) =>
  `Your ${appName} data export

export.json    every record we keep about you: your account, families, children, consents,
               credits, plans, payments, billing details and analytics.
photos/        the training photos of each child in your families, one folder per child.
portraits/     the portraits made of each child, one folder per child, with the free previews
               made while the child's model trained ("kind": "preview" in export.json), and the
               short animated clips made of portraits ("Create video", *-video-*.webp).
               Each portrait's "shareLinks" in export.json are the private links your family made
               to it ("Copy link"): anyone with an "active" address can see that one picture until
               it expires; stop sharing it in the gallery.

These are your children's photos: keep this file somewhere private.

Not in this file: the face descriptors and age estimates we compute from each photo to check that
every photo and portrait shows your child. They are biometric data, so they never leave our
database (not even into this export); they are deleted with the photo, and your child's reference
face with your child.
`;
