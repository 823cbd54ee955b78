import type { ArticleTexts } from '../articles.ts';

/** The articles in English, the language they were written in. */
export const ARTICLE_TEXTS: ArticleTexts = {
  'birth-gifts-first-investment': {
    title: 'Turning Birth Gifts into a First Investment',
    summary:
      'The gifts have arrived and the baby is asleep. A calm, step-by-step way to decide what part of the money could become your child’s first long-term savings.',
    imageAlt: 'A gift box with a small green sprout growing out of it',
    body: [
      'When a baby arrives, money often arrives with them. Grandparents, friends and colleagues send gifts, and suddenly there is a sum in the bank that did not exist a month ago. Many parents feel two things at once: gratitude, and a quiet pressure to do something sensible with it. This article offers a way to think it through. It is not advice for your situation; it is a list of questions worth asking before you decide.',
      'Start by separating the money by purpose. Some gifts were clearly meant for the here and now: a pram, a car seat, a few weeks of takeaway dinners while nobody sleeps. Others were given with a longer horizon in mind, and givers sometimes say so in their messages. Reading the wishes again and sorting the gifts into “for now” and “for later” can make the next steps feel much less abstract.',
      'Before any money goes into a long-term investment, check the foundations at home. Is there a cushion for unexpected costs? Are there debts with high interest that cost more each month than an investment could reasonably be expected to earn? Paying off an expensive credit card or building a small emergency fund is often the less exciting but steadier first step. Money set aside for a child only helps if the household around the child is on solid ground.',
      'For the “for later” part, time is the biggest ingredient. A child’s first eighteen years are a long horizon, and long horizons are where regular, patient investing has historically had the most room to work. That does not mean any particular result is guaranteed. Markets fall as well as rise, sometimes for years, and money invested can be worth less than what was put in. What a long horizon does give you is time to ride out some of those swings without needing the money in the middle of them.',
      'Next, decide whose name the money should be in. Some families keep it in a parent’s account with a clear label; others use an account designed for children, such as a custodial or education savings account where they are available. These accounts differ from country to country in who controls the money, when the child gains access, and how it is taxed. It is worth reading the official rules in your country, or asking a licensed adviser, before choosing.',
      'Finally, keep it simple and write it down. A short note saying what the money is for, where it is, and how often you plan to review it will help you stay steady when headlines get loud. Tell the family, too. Many givers love hearing that their gift became the first brick in something that will still be there when the baby learns to ride a bike, or applies to college.',
    ],
  },
  'compound-growth-explained': {
    title: 'How Compound Growth Works, Explained for Busy Parents',
    summary:
      'Growth on growth is the quiet engine behind long-term saving. Here is what compounding means, with simple numbers and honest caveats.',
    imageAlt: 'Stacks of coins growing taller from left to right, like a staircase',
    body: [
      'Compound growth is one of those ideas that sounds technical but is really quite simple: when money earns a return, and that return is left in place, the next return is earned on a slightly bigger amount. Over a few months the effect is tiny. Over many years it can become the larger part of the total.',
      'Here is a deliberately simple example. Imagine $1,000 set aside at birth that grows by 5% every year, with nothing added and nothing taken out. After one year it is $1,050. After ten years it is about $1,629. After eighteen years it is about $2,407. Notice that in the first year the growth was $50, while in the eighteenth year it was well over $100. Nothing about the rate changed; only the base it was applied to.',
      'A handy shortcut is the “rule of 72”. Divide 72 by a yearly growth rate and you get a rough number of years for money to double. At 6% that is about twelve years; at 4% about eighteen. It is an approximation, not a promise, but it shows why both the rate and the time matter.',
      'Now the honest part. Real investments do not grow by a neat, fixed percentage each year. A savings account pays interest that can change. Shares and funds go up and down, sometimes sharply, and some years are negative. The 5% above is an illustration, not an expected return. Historical averages, like the 8% per year sometimes quoted for broad stock markets over long periods, describe the past and are no guarantee of what comes next. Over shorter periods, results can be far from any average.',
      'Compounding also works against you. Fees are charged on the whole balance every year, so a 1% fee compounds in the wrong direction. Inflation slowly shrinks what each dollar buys. Interest on debt compounds too, which is why expensive debt usually deserves attention before investing.',
      'What can parents take from all this? First, time is the ingredient you cannot buy later, so even modest amounts set aside early have the longest runway. Second, leaving returns in place, rather than withdrawing them, is what makes compounding work. Third, keep costs low and expectations realistic. And finally, if you are unsure how to apply this to your own family, a licensed, independent adviser can look at the whole picture in a way no article can.',
    ],
  },
  'starting-early': {
    title: 'Why Starting Early Matters More Than Starting Big',
    summary:
      'Two families put the same total into savings for their children. One starts at birth, the other at age nine. The difference is time, not money.',
    imageAlt: 'A small sun rising over a hill with a young tree',
    body: [
      'Many parents assume that saving for a child only makes sense once there is “real” money to put aside: after the parental leave, after the car is paid off, after the next raise. It is an understandable instinct, but it overlooks the one advantage every newborn has, which is time.',
      'Consider two imaginary families. The first sets aside $50 every month from the day their daughter is born until she turns eighteen. The second waits, then sets aside $100 a month from her ninth birthday to her eighteenth. Both families put in exactly the same total: $10,800. Now assume, purely for illustration, that the money grows at a steady 5% a year. The first family ends up with roughly $17,500. The second ends up with roughly $13,600. Same money in, almost $4,000 apart, and the only difference is when they started.',
      'Real life is messier than this example. Returns are not steady, and money invested can fall in value as well as rise. But the principle holds across many scenarios: an early start gives small amounts more years to grow, and gives you more time to recover from bad years before the money is needed.',
      'Starting early also has benefits that have nothing to do with maths. A small automatic transfer set up when a baby is born becomes a habit before the rest of family life fills up the calendar. It is easier to keep going than to begin. And when the child is old enough to ask questions, there is already a story to tell about where the money came from and how it grew.',
      'None of this means that a late start is pointless. If your child is already at school, the best time to start is still now. And it does not mean that savings for a child should come before the family’s own safety net. A household without an emergency fund, or with expensive debts, may do better to sort those out first.',
      'If you want to start small, birth gifts can be a natural seed. Some families put aside a share of every gift, together with a note of who gave it. Others ask relatives who would like to help to consider a contribution to the child’s savings on birthdays. Whatever you choose, keep it simple, keep costs low, and remember that the amount matters less than the years you give it.',
    ],
  },
  'emergency-fund-new-parents': {
    title: 'An Emergency Fund for New Parents',
    summary:
      'Before long-term saving comes a cushion for the unexpected. How much new parents might aim for, where to keep it, and how to build it step by step.',
    imageAlt: 'An umbrella sheltering a small house from the rain',
    body: [
      'A baby changes the household budget in ways that are hard to predict. Income may drop during parental leave, and costs appear that no spreadsheet mentioned: a broken washing machine at the worst possible moment, a longer leave than planned, a last-minute trip to see family. An emergency fund is simply money set aside for those moments, so that a surprise does not turn into debt.',
      'How much is enough? A common rule of thumb is three to six months of essential expenses: housing, food, utilities, insurance, transport and debt repayments. It is a starting point, not a rule. A family with two stable incomes might feel comfortable at the lower end; a family with one income, self-employment or irregular work may want more. If six months sounds impossible right now, one month is a meaningful first milestone.',
      'Where to keep it matters as much as how much. An emergency fund needs to be available quickly and should not swing in value. That usually means a separate savings account at a regulated bank, ideally one that pays some interest, rather than investments in shares, which can be down exactly when you need them. Keeping it separate from your everyday account also makes it less tempting to dip into for things that are not emergencies.',
      'Building it is easier in small, automatic steps. A fixed transfer on payday, even a modest one, adds up without requiring willpower each month. Windfalls help too: a tax refund, a bonus, or part of the money gifts that arrive with a new baby. Some parents decide that a share of every birth gift goes to the family cushion first, and the rest to the child’s long-term savings once the cushion is in place.',
      'It also helps to agree, as a couple or household, on what counts as an emergency. Car repairs and medical bills usually do; a holiday usually does not. Writing down two or three examples can avoid awkward conversations later, when someone is tired and the fund looks tempting.',
      'Finally, once you use it, refill it. An emergency fund is not a failure when it gets spent; it has done its job. Resume the automatic transfers and rebuild it at your own pace. With a cushion in place, longer-term saving for your child, whether in a savings account or an investment, can be left alone to do its work, which is exactly what it needs.',
    ],
  },
  'talking-about-money-gifts': {
    title: 'How to Talk About Money Gifts with Family',
    summary:
      'Money can feel awkward to mention, even when relatives want to help. Gentle ways to share wishes, say thank you, and keep everyone comfortable.',
    imageAlt: 'Two speech bubbles with a heart and a coin between them',
    body: [
      'Grandparents, aunts, uncles and friends often want to mark a birth with a gift. Many of them would happily give money, but are not sure whether it is welcome, and many parents would appreciate it, but feel uncomfortable saying so. A little clarity, offered kindly, usually makes things easier for everybody.',
      'Start with why, not with how much. Relatives are more at ease when they understand what a gift will mean. “We’d love to put something aside for her future” or “We’re hoping to start a small fund for his first years” tells people that money is welcome without sounding like a request for a particular amount. Never name a sum unless someone asks directly, and even then, a range or “whatever feels right” is gentler.',
      'Make it easy to say no, and easy to give in other ways. Not everyone has money to spare, and a knitted blanket, an evening of babysitting or a long letter for the child to read one day can be every bit as precious. Saying so out loud takes pressure off those who cannot give money, and it keeps the focus on the celebration.',
      'Be transparent about where the money goes. Some givers care a great deal about whether their gift buys nappies now or sits in a savings account for eighteen years. If you have a plan, share it. If plans change, a short update is appreciated. And if the family has different views, for example one grandparent wants to help with daily costs while another prefers long-term savings, it is fine to honour both.',
      'Gifts through a shared link, such as a birth calendar, can make the whole thing feel lighter. People choose whether and how much to give, add a wish in their own words, and nobody has to hand over an envelope in an awkward moment. On Firstday, the public calendar shows no total by default and never shows what an individual person gave, so nobody is compared with anyone else.',
      'Finally, say thank you personally. A short message, a photo, or a few lines about what the gift will be used for means far more than a generic note. Years later, a child who hears that their first savings began with a gift from a great-aunt learns something valuable about generosity, and perhaps about money, too.',
    ],
  },
  'inflation-and-savings': {
    title: 'What Inflation Does to Money Set Aside',
    summary:
      'A dollar saved today buys less in eighteen years. A plain-language look at inflation, why it matters for a child’s savings, and what it does not mean.',
    imageAlt: 'A shopping basket with fewer items next to a larger one',
    body: [
      'Inflation is the gradual rise in prices over time. When prices rise, each dollar buys a little less. Most years the change is small enough to ignore at the supermarket, but over the length of a childhood it adds up to something parents should understand.',
      'A simple illustration: if prices rise by 3% a year, something that costs $1,000 today would cost about $1,700 in eighteen years. Put the other way round, $1,000 kept in a drawer for eighteen years would buy only what about $590 buys today. The banknotes are still there; their purchasing power is not.',
      'This is why savings for the long term are often compared with inflation, not just with zero. A savings account paying 2% interest in a year when prices rise 3% leaves you slightly behind in real terms, even though the balance went up. The number on the statement grew; what it can buy shrank a little.',
      'Does that mean cash savings are a bad idea? Not at all. For money you may need soon, such as an emergency fund or next year’s childcare costs, stability matters more than growth, and a savings account is usually the right home. Inflation matters most for money that will sit for many years, such as savings intended for a child’s education or first steps into adult life.',
      'For long horizons, some people choose investments that have historically grown faster than inflation over long periods, such as broad stock market funds. Historically is the key word. These investments can fall sharply, can stay down for years, and offer no guarantee of beating inflation over any given period. Some countries also offer inflation-linked government savings products, which aim to keep pace with prices, each with their own rules and limits.',
      'Inflation also changes how you might read old numbers. If you look at a savings goal set when your child was born, it may be worth checking, now and then, whether it still matches what things cost. Education, rent and cars tend to follow their own price paths, sometimes faster than general inflation.',
      'The practical takeaway is modest: be aware that money held for a long time loses purchasing power, keep short-term money safe, and think about the long-term part separately. If you are unsure what fits your family, a licensed adviser can help. Nothing here is a recommendation to buy or avoid any particular product.',
    ],
  },
  'diversification-basics': {
    title: 'Diversification Basics: Not All Eggs in One Basket',
    summary:
      'Spreading money across many investments does not remove risk, but it can soften the blow when one of them stumbles. The idea in plain words.',
    imageAlt: 'Eggs spread across three colourful baskets',
    body: [
      'You have probably heard the saying “don’t put all your eggs in one basket.” In investing, the same idea goes by the name diversification: spreading money across many different investments so that a problem with one of them does not sink the whole pot.',
      'Imagine putting all of a child’s savings into the shares of a single company. If that company does well, the savings do well. If it runs into trouble, and even large, famous companies sometimes do, the savings could lose a large part of their value, or all of it. Now imagine the same money spread across hundreds of companies in different industries and countries. One company failing would barely show. That is diversification at work.',
      'Diversification happens on several levels. Within shares, it means owning many companies rather than a few. Across types of investment, it can mean combining shares with bonds and cash, which tend to behave differently from each other. Across places, it means not relying on a single country’s economy. Many people achieve a broad spread through funds, which pool money from many investors and buy a wide range of holdings at once.',
      'It is important to be clear about what diversification does not do. It does not remove risk. When markets fall broadly, as they do from time to time, a well-diversified portfolio falls too. What diversification reduces is the risk that comes from any single investment going wrong. It also does not guarantee a profit, and more funds do not automatically mean more diversification if they all hold the same things.',
      'Time and diversification work together. A long horizon gives a diversified portfolio time to recover from broad downturns, though there is no guarantee it will within any particular period. As the date you need the money approaches, many families gradually move part of it into steadier options, so that a late fall in markets does not disrupt a planned expense such as the first year of study.',
      'For parents just starting out, the message is simple: concentrated bets are exciting to talk about but risky to live with. A broad spread, low costs and patience are less thrilling, and that is rather the point. If you would like help working out what a sensible mix looks like for your family, speak to a licensed, independent adviser.',
    ],
  },
  'fees-matter': {
    title: 'Small Fees, Big Difference',
    summary:
      'A fee of one percent sounds tiny, but over two decades it can cost thousands. How investment costs add up and what to look for.',
    imageAlt: 'A jar of coins with a few coins slipping through a small hole',
    body: [
      'Fees are easy to overlook. They are usually shown as small percentages, taken quietly from the balance, and never appear as a bill in the post. Yet over the long horizons that come with saving for a child, they can make a real difference.',
      'Here is an illustration. Imagine $10,000 invested for twenty years, and suppose the investments themselves grow by 6% a year before costs. With total yearly fees of 0.2%, the net growth is 5.8% a year and the money grows to about $30,900. With total yearly fees of 1.5%, the net growth is 4.5% and it grows to about $24,100. Same starting sum, same investments, same twenty years: a gap of nearly $6,800, all of it paid in costs. Real returns are never this smooth, but the effect of fees is just as real in bumpy years.',
      'Why is the difference so large? Because a fee is charged on the whole balance, every year, including on past growth. It compounds in exactly the same way returns do, only in the opposite direction.',
      'Costs come in different forms. Funds charge a yearly management fee, often called the expense ratio or ongoing charge. Platforms and accounts may charge their own fee for holding the investments. Some products charge when you buy or sell, and advice, where you use it, has a cost too. Currency conversion can add a little more if you invest abroad. It is worth adding everything up to see the total yearly cost in percent.',
      'Low cost does not automatically mean good, and higher cost is not always wrong. Personal advice, for example, costs money and can be well worth it for a family with a complicated situation. The point is to know what you are paying and what you get in return, and to be wary of high charges that bring no clear benefit.',
      'A few simple questions can help. What is the total yearly cost of this account and these investments, in percent and in dollars? Are there charges to enter or leave? Is there a cheaper way to hold something similar? Is anyone earning a commission from my choice? Providers are generally required to show their charges; if they are hard to find, that in itself is useful information.',
      'Nothing here is a recommendation of any product. But looking at costs is one of the few things in investing that is entirely within your control, and over a childhood it can add up to a very welcome sum.',
    ],
  },
  'accounts-for-children': {
    title: 'Accounts for Children, Explained Simply',
    summary:
      'Custodial accounts, education savings accounts and plain savings in a parent’s name: what these types generally mean and questions to ask before choosing.',
    imageAlt: 'A piggy bank wearing a small graduation cap',
    body: [
      'Once you have decided to put money aside for a child, the next question is where to keep it. The options differ a lot from country to country, so this article describes the common types in general terms. Always check the official rules where you live, and consider speaking to a licensed adviser before choosing.',
      'The simplest option is an ordinary savings or investment account in a parent’s name, set aside for the child. Parents keep full control and can use the money for whatever the child needs. The downside is that the money is legally the parent’s: it can get mixed up with family finances, and it is taxed as the parent’s money.',
      'A custodial account is held in the child’s name but managed by an adult, the custodian, until the child reaches a certain age, often 18 or 21. In many places the money then legally belongs to the child, and the gift cannot be taken back. When the child comes of age, they usually gain full control, whether or not the parents feel they are ready. Tax rules for these accounts vary and may differ from the parents’ own.',
      'Education savings accounts are designed for a specific purpose, such as school or university costs. In some countries they come with tax advantages or government top-ups, in return for rules about how the money may be used. Using it for something else may mean paying tax or a penalty. They can be attractive when education is the main goal, but it is worth understanding the restrictions first.',
      'Some countries also offer savings accounts for children at banks, with higher interest rates or special features, or government schemes that add money when families save. These are often simple and low-risk, though interest may not keep pace with inflation over many years.',
      'A few questions can help compare the options. Who controls the money, and until when? Who owns it legally? What happens if the plans change, for example if the child does not go to university? How is it taxed, and could it affect eligibility for student aid? What does it cost each year? How easily can relatives add to it on birthdays?',
      'There is rarely a single right answer. Some families combine a savings account for the near term with a longer-term account for later years. What matters most is understanding the rules of the account you choose, keeping costs reasonable, and starting when it suits you.',
    ],
  },
};
