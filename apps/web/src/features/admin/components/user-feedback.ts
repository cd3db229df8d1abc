/** A message about the last action, shown above the users list (cards may vanish after it). */
export interface Feedback {
  tone: 'success' | 'error';
  text: string;
}
export type ReportFeedback = (feedback: Feedback) => void;
