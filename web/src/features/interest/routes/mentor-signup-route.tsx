import { useState } from 'react';
import { MentorInterestForm } from '../components/mentor-interest-form.tsx';
import { MentorSuccess } from '../components/mentor-success.tsx';

/** /mentors/signup inside the auth layout (header "Mentor sign up"); signed-in visitors may use it too. */
export function Component() {
  const [submittedEmail, setSubmittedEmail] = useState<string | null>(null);
  return submittedEmail ? <MentorSuccess email={submittedEmail} /> : <MentorInterestForm onSubmitted={setSubmittedEmail} />;
}
