// Texts of the homepage row "From authors you follow" (apart from home.messages.ts: only the lazy row loads them).
export const followedAuthorsMessages = {
  title: 'From authors you follow',
  eyebrow: 'Following',
  more: 'Authors you follow',
};
